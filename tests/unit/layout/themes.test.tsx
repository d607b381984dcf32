import { createTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BRAND_COLOURS, BRANDS } from '../../../src/domain/brands.ts';
import { SignInLayout, themeFor } from '../../../src/layout/index.ts';
import { i18nProvider, setViewportWidth } from './renderApp.tsx';

// spec partner-extranet §1: four brand themes; §9 breakpoints.
describe('themeFor', () => {
  it.each(BRANDS)('%s uses its colours and the spec breakpoints', (brand) => {
    const theme = themeFor(brand);
    expect(theme.palette.primary.main).toBe(BRAND_COLOURS[brand].primary);
    expect(theme.palette.secondary.main).toBe(BRAND_COLOURS[brand].secondary);
    expect(theme.brand).toEqual({ key: brand, name: BRAND_COLOURS[brand].name });
    expect(theme.breakpoints.values).toMatchObject({ sm: 768, md: 992, xl: 1800 });
    // react-admin creates the theme again from what it is given: nothing is lost on the way.
    const again = createTheme(theme);
    expect(again.palette.primary.main).toBe(BRAND_COLOURS[brand].primary);
    expect(again.breakpoints.down('md')).toBe(theme.breakpoints.down('md'));
    expect(again.brand.name).toBe(BRAND_COLOURS[brand].name);
  });

  it('falls back to the first brand, with a warning, for an unknown one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(themeFor('inconnue').brand.key).toBe('ageo');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

// Issue 17: text reaches WCAG AA (4.5:1) on the surfaces each brand shows it on. Colours with an
// alpha (MUI's text, the filled fields' tint) are laid over the surface first, as drawn.
type Rgba = [number, number, number, number];

function parseColour(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(colour);
  if (!rgb) throw new Error(`Unreadable colour ${colour}`);
  const [r, g, b, a = 1] = rgb[1].split(',').map(Number);
  return [r, g, b, a];
}

/** `top` drawn over the opaque `under`. */
function over(top: string, under: Rgba): Rgba {
  const [r, g, b, a] = parseColour(top);
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1];
}

const luminance = ([r, g, b]: Rgba) => {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
};

/** The WCAG contrast ratio of a text colour on an opaque surface. */
function contrast(text: string, surface: Rgba): number {
  const [a, b] = [luminance(over(text, surface)), luminance(surface)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

describe('brand theme contrast (WCAG AA, 4.5:1)', () => {
  it.each(BRANDS)('%s: text, error, status and primary colours on every surface', (brand) => {
    const theme = themeFor(brand);
    const { palette } = theme;
    const paper = over(palette.background.paper, [255, 255, 255, 1]);
    const toolbar = (
      theme.components as {
        RaToolbar?: { styleOverrides?: { root?: { backgroundColor?: string } } };
      }
    ).RaToolbar?.styleOverrides?.root?.backgroundColor;
    const surfaces: Record<string, Rgba> = {
      'background.default': over(palette.background.default, paper),
      'background.paper': paper,
      // A filled field, hovered or focused (MUI's darkest tint of it): its label turns red on error.
      'filled field': over('rgba(0, 0, 0, 0.09)', paper),
      'form toolbar': over(toolbar ?? palette.grey[300], paper),
    };
    const texts: Record<string, string> = {
      'text.primary': palette.text.primary,
      'text.secondary': palette.text.secondary,
      'error.main': palette.error.main,
      'warning.main': palette.warning.main,
      'info.main': palette.info.main,
      'success.main': palette.success.main,
      'primary.main': palette.primary.main,
    };
    const failures: string[] = [];
    for (const [textName, text] of Object.entries(texts)) {
      for (const [surfaceName, surface] of Object.entries(surfaces)) {
        const ratio = contrast(text, surface);
        if (ratio < 4.5) failures.push(`${textName} on ${surfaceName}: ${ratio.toFixed(2)}:1`);
      }
    }
    // Text on coloured surfaces: buttons, chips, the header.
    for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      const { main, contrastText } = palette[name];
      const ratio = contrast(contrastText, over(main, paper));
      if (ratio < 4.5) failures.push(`${name}.contrastText on ${name}.main: ${ratio.toFixed(2)}:1`);
    }
    expect(failures).toEqual([]);
  });
});

describe('SignInLayout', () => {
  it('shows the form beside a decorative image hidden from assistive technologies', async () => {
    setViewportWidth(1280);
    render(
      <AdminContext theme={themeFor('azur')} i18nProvider={i18nProvider}>
        <SignInLayout>
          <button type="button">Se connecter</button>
        </SignInLayout>
      </AdminContext>,
    );
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('Azur Prévoyance'));
    expect(screen.getByTestId('sign-in-art')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toBeInTheDocument();
  });
});
