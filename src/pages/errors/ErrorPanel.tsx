import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

interface Props {
  /** The status code, shown large; none for errors that have no HTTP status. */
  code?: string;
  title: string;
  message?: string;
  /** `lang` of the title when it is not French (the spec's English 404); the message is French. */
  lang?: string;
  children?: ReactNode;
}

/**
 * What every error page shows (spec partner-extranet §2): code, message, a way home. Shown in
 * the app layout, whose title portal is the page's h1 (layout/PageTitle.tsx).
 */
export function ErrorPanel({ code, title, message, lang, children }: Props) {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      sx={{
        py: 6,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
      }}
    >
      {code && (
        <Typography
          component="p"
          variant="h1"
          color="primary"
          sx={{ fontWeight: 700, fontSize: { xs: '4rem', sm: '6rem' } }}
        >
          {code}
        </Typography>
      )}
      <Title title={<span lang={lang}>{title}</span>} />
      {message && <Typography sx={{ mb: 3, maxWidth: 560 }}>{message}</Typography>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>
        <Button component={Link} to="/" variant="contained">
          {translate('layout.errors.backHome')}
        </Button>
        {children}
      </Box>
    </Box>
  );
}
