import type { Theme } from '@mui/material/styles';
import { BRANDS, type Brand } from '../domain/brands.ts';
import { createBrandTheme, isBrand } from './brandTheme.ts';

export { isBrand } from './brandTheme.ts';
export { BREAKPOINTS } from './breakpoints.ts';

const themes = new Map<Brand, Theme>();

/**
 * The MUI theme of a brand, for react-admin's `theme` prop. The server refuses to start with a
 * brand outside the four; should one still arrive, the SPA keeps working with the first brand
 * rather than showing a blank page.
 */
export function themeFor(brand: string): Theme {
  const key: Brand = isBrand(brand) ? brand : BRANDS[0];
  if (key !== brand) console.warn(`Unknown brand "${brand}", using "${key}".`);
  let theme = themes.get(key);
  if (!theme) {
    theme = createBrandTheme(key);
    themes.set(key, theme);
  }
  return theme;
}
