// One MUI theme per brand (spec partner-extranet §1): react-admin's default light theme with the
// brand's colours (BRAND_COLOURS) and the spec's breakpoints.
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

export const isBrand = (value: string): value is Brand =>
  (BRANDS as readonly string[]).includes(value);

export function createBrandTheme(brand: Brand): Theme {
  const colours = BRAND_COLOURS[brand];
  // Whole palette entries are replaced (not merged) so MUI derives light/dark/contrast from the
  // brand colour instead of keeping react-admin's default blue shades.
  return createTheme({
    ...defaultLightTheme,
    brand: { key: brand, name: colours.name },
    breakpoints: { values: BREAKPOINTS },
    palette: {
      ...defaultLightTheme.palette,
      mode: 'light',
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
      background: { default: '#f5f6f8' },
    },
  });
}
