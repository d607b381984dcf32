import { Box, Link, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { LEGAL_NOTICE_PATH } from '../pages/legal/path.ts';
import { containerSx } from './containerSx.ts';

/** Footer of spec partner-extranet §2: the copyright (2024) and the legal notice link. */
export function Footer() {
  const translate = useTranslate();
  const theme = useTheme();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2, mt: 4 }}
    >
      <Box
        sx={[
          containerSx,
          { display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' },
        ]}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('layout.footer.copyright')} {theme.brand?.name}
        </Typography>
        <Link component={RouterLink} to={LEGAL_NOTICE_PATH} variant="body2">
          {translate('layout.footer.legal')}
        </Link>
      </Box>
    </Box>
  );
}
