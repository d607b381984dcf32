import { useTranslate } from 'ra-core';
import { ErrorPanel } from './ErrorPanel.tsx';

/**
 * react-admin's catch-all for unknown addresses: the spec's English text (§8, kept as written and
 * marked English), what it means in French, and a way home.
 */
export default function NotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPanel
      code="404"
      title={translate('layout.errors.notFound')}
      lang="en"
      message={translate('layout.errors.pages.404.message')}
    />
  );
}
