import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { PublicLayout } from '../../layout/index.ts';
import { PageHeading } from '../../layout/PageTitle.tsx';

/** /maintenance (spec partner-extranet §4, administration §2): says so, and offers to retry. */
export function MaintenancePage({ onRetry }: { onRetry: () => Promise<void> }) {
  const translate = useTranslate();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      await onRetry();
    } finally {
      setChecking(false);
    }
  };
  return (
    <PublicLayout>
      <Stack
        spacing={2}
        sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, mx: 'auto', py: 6 }}
      >
        <PageHeading>{translate('maintenance.title')}</PageHeading>
        <Typography>{translate('maintenance.text')}</Typography>
        <Typography color="text.secondary">{translate('maintenance.hint')}</Typography>
        <Button variant="contained" onClick={() => void retry()} disabled={checking}>
          {translate(checking ? 'maintenance.checking' : 'maintenance.retry')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
