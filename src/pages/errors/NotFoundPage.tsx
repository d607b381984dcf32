import { useTranslate } from 'ra-core';
import { ErrorPanel } from './ErrorPanel.tsx';

/**
 * react-admin's catch-all for unknown addresses: the spec's 'This page could not be found' (§8)
 * said in French, as every other page of the product (issue 17 #10), and a way home.
 */
export default function NotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPanel
      code="404"
      title={translate('layout.errors.notFound')}
      message={translate('layout.errors.pages.404.message')}
    />
  );
}
