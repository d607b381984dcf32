// Shown in place of a page whose code could not be fetched because the server did not answer
// (src/providers/lazyPage.ts). « Réessayer » reloads the app once the server answers again.
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { serverAnswers } from './chunkReload.ts';

export interface ServerUnreachableProps {
  answers?: () => Promise<boolean>;
  reload?: () => void;
}

export function ServerUnreachable({
  answers = serverAnswers,
  reload = () => window.location.reload(),
}: ServerUnreachableProps) {
  const translate = useTranslate();
  const [still, setStill] = useState(false);
  const [trying, setTrying] = useState(false);
  const retry = async () => {
    setTrying(true);
    if (await answers()) return reload();
    setStill(true);
    setTrying(false);
  };
  return (
    <Box sx={{ py: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry} disabled={trying}>
            {translate('layout.unreachable.retry')}
          </Button>
        }
      >
        <strong>{translate('layout.unreachable.title')}</strong>{' '}
        {translate('layout.unreachable.message')}
        {still && <> {translate('layout.unreachable.still')}</>}
      </Alert>
    </Box>
  );
}
