// One MUI theme per brand (spec partner-extranet §1): react-admin's default light theme with the
// brand's colours (BRAND_COLOURS) and the spec's breakpoints.
import { grey } from '@mui/material/colors';
import { frFR } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { defaultLightTheme } from 'react-admin';
import { BRAND_COLOURS, BRANDS, type Brand } from '../domain/brands.ts';
import { BREAKPOINTS } from './breakpoints.ts';

declare module '@mui/material/styles' {
  interface Theme {
    /** The brand shown by the header, the footer and the sign-in layout. */
    brand: { key: Brand; name: string };
  }
  interface ThemeOptions {
    brand?: { key: Brand; name: string };
  }
}

/**
 * The status colours, darker than MUI's: their text reaches 4.5:1 (WCAG AA) on every surface
 * it is shown on, the filled fields (a form's error label, 4.36:1 with MUI's red) and the form
 * toolbar included (tests/unit/layout/themes.test.tsx). The error red is the sign-in page's.
 */
export const STATUS_COLOURS = {
  error: '#b3261e',
  warning: '#9a4b00',
  info: '#01579b',
  success: '#1b5e20',
} as const;

/** Under react-admin's form toolbar: lighter than its grey[300], for the text on it. */
export const TOOLBAR_BACKGROUND = grey[100];

export const isBrand = (value: string): value is Brand =>
  (BRANDS as readonly string[]).includes(value);

export function createBrandTheme(brand: Brand): Theme {
  const colours = BRAND_COLOURS[brand];
  // Whole palette entries are replaced (not merged) so MUI derives light/dark/contrast from the
  // brand colour instead of keeping react-admin's default blue shades. MUI's own words (an
  // autocomplete without options, the pagination's buttons) come in French (frFR).
  return createTheme(
    {
      ...defaultLightTheme,
      brand: { key: brand, name: colours.name },
      breakpoints: { values: BREAKPOINTS },
      palette: {
        ...defaultLightTheme.palette,
        mode: 'light',
        // The text MUI derives for a coloured surface (a button, a chip) is the one reaching
        // 4.5:1: black on the light secondary colours, white on the dark ones.
        contrastThreshold: 4.5,
        primary: { main: colours.primary },
        secondary: { main: colours.secondary },
        error: { main: STATUS_COLOURS.error },
        warning: { main: STATUS_COLOURS.warning },
        info: { main: STATUS_COLOURS.info },
        success: { main: STATUS_COLOURS.success },
        background: { default: '#f5f6f8' },
      },
      components: {
        ...defaultLightTheme.components,
        RaToolbar: { styleOverrides: { root: { backgroundColor: TOOLBAR_BACKGROUND } } },
        // A visible focus for the keyboard (WCAG 2.4.7): a ring in the text's colour (white in
        // the header), around buttons, links, tabs and menu entries, and around a focused field.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: '2px' },
            },
          },
        },
        MuiButton: {
          styleOverrides: {
            contained: { '&.Mui-focusVisible': { outlineColor: colours.primary } },
          },
        },
        MuiInputBase: {
          styleOverrides: { root: { '&.Mui-focused': { boxShadow: '0 0 0 2px currentColor' } } },
        },
      },
    },
    frFR,
  );
}
