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
