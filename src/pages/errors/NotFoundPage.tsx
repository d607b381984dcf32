import { useTranslate } from 'ra-core';
import { ErrorPanel } from './ErrorPanel.tsx';

/** react-admin's catch-all for unknown addresses: the spec's English text, and a way home. */
export default function NotFoundPage() {
  const translate = useTranslate();
  return <ErrorPanel code="404" title={translate('layout.errors.notFound')} lang="en" />;
}
