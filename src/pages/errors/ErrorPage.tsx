import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useSearchParams } from 'react-router-dom';
import { notAllowedMessage } from '../../domain/access.ts';
import type { ErrorCode } from './codes.ts';
import { ErrorPanel } from './ErrorPanel.tsx';

/** A dedicated error page (spec partner-extranet §2, §8); 405 shows its `msg` parameter. */
export default function ErrorPage({ code }: { code: ErrorCode }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const message =
    code === '405'
      ? notAllowedMessage(params.get('msg'))
      : translate(`layout.errors.pages.${code}.message`);
  return (
    <ErrorPanel
      code={/^\d+$/.test(code) ? code : undefined}
      title={translate(`layout.errors.pages.${code}.title`)}
      message={message}
    >
      {code === 'desynchronized' && (
        <Button component={Link} to="/logout" variant="outlined">
          {translate('layout.errors.signInAgain')}
        </Button>
      )}
    </ErrorPanel>
  );
}
