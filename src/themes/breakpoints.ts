// Breakpoints of spec partner-extranet §9 (767/960/1300 px and 768/992 px; 1800 px for the
// container), used as the theme's breakpoints so that `theme.breakpoints.down('md')` reads
// "under 992 px" everywhere, react-admin's own responsive components included.
export const BREAKPOINTS = {
  xs: 0,
  /** 768 px: under it the sign-in image hides and react-admin switches to its mobile views. */
  sm: 768,
  /** 992 px: under it the side menu becomes a full-width overlay behind a burger button. */
  md: 992,
  lg: 1300,
  /** 1800 px: above it the main container is capped at 1580 px instead of 85%. */
  xl: 1800,
} as const;
