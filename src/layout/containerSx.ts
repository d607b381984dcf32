import type { Theme } from '@mui/material/styles';

/**
 * The main container of spec partner-extranet §9: at most 85% of the width, 1580 px above
 * 1800 px. Under 992 px it takes the full width: 85% of a phone screen wastes what little room
 * there is.
 */
export const containerSx = (theme: Theme) => ({
  width: '100%',
  marginInline: 'auto',
  paddingInline: theme.spacing(2),
  [theme.breakpoints.up('md')]: { maxWidth: '85%', paddingInline: 0 },
  [theme.breakpoints.up('xl')]: { maxWidth: 1580 },
});
