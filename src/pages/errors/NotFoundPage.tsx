import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';

/** react-admin's catch-all, inside the app layout: the spec's English text, and a way home. */
export default function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ py: 6, textAlign: 'center' }}>
      <Typography component="p" variant="h2" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography component="h1" variant="h5" gutterBottom lang="en">
        {translate('layout.errors.notFound')}
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        {translate('layout.errors.backHome')}
      </Button>
    </Box>
  );
}
