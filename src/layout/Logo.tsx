import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';

/** The brand's word mark, drawn in CSS (no image file), linking home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const theme = useTheme();
  const translate = useTranslate();
  const name = theme.brand?.name ?? '';
  return (
    <Box
      component={Link}
      to="/"
      aria-label={`${translate('layout.header.home')} – ${name}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: inverted ? 'primary.contrastText' : 'primary.main',
        textDecoration: 'none',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 28,
          height: 28,
          borderRadius: '8px 2px 8px 2px',
          background: `linear-gradient(135deg, ${theme.palette.secondary.main} 0 50%, ${
            inverted ? theme.palette.primary.contrastText : theme.palette.primary.main
          } 50% 100%)`,
        }}
      />
      <Typography component="span" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {name}
      </Typography>
    </Box>
  );
}
