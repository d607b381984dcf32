// Spec partner-extranet §9 constants and §2 layouts (issue 17 #10): toasts 5000 ms top right,
// 6000 ms in the data-loading flows; the export progress indicator changes at most every 200 ms;
// the two-column layout, side by side from md, stacked below.
import { render, screen, waitFor } from '@testing-library/react';
import { useNotify } from 'ra-core';
import { useEffect } from 'react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorToast, TOAST } from '../../../src/components/list/SpecList.tsx';
import { TwoColumnLayout } from '../../../src/layout/TwoColumnLayout.tsx';
import { AppNotification } from '../../../src/providers/AppNotification.tsx';
import { FAILURE_TOAST } from '../../../src/providers/failures.ts';
import { PROGRESS_THROTTLE_MS, throttleLatest } from '../../../src/providers/throttle.ts';

function Notify() {
  const notify = useNotify();
  useEffect(() => notify('Bonjour', { type: 'info' }), [notify]);
  return null;
}

function NotifyTwice() {
  const notify = useNotify();
  useEffect(() => {
    notify('Une erreur est survenue', { type: 'error', autoHideDuration: 6000 });
    const later = setTimeout(() => notify('Élément mis à jour', { type: 'info' }), 300);
    return () => clearTimeout(later);
  }, [notify]);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec §9)', () => {
  it('5000 ms by default, top right; 6000 ms for a data load', async () => {
    expect(FAILURE_TOAST.autoHideDuration).toBe(5000);
    expect(TOAST.autoHideDuration).toBe(6000);
    expect(errorToast('Une erreur est survenue durant le chargement des contrats')).toMatchObject({
      type: 'error',
      autoHideDuration: 6000,
    });
    render(
      <AdminContext>
        <Notify />
        <AppNotification />
      </AdminContext>,
    );
    const toast = await screen.findByText('Bonjour');
    await waitFor(() =>
      expect(toast.closest('.MuiSnackbar-root')?.className).toMatch(/anchorOriginTopRight/),
    );
  });
});

describe('consecutive toasts', () => {
  it('the toast on screen gives way at once to a newer one, which is not lost', async () => {
    render(
      <AdminContext>
        <NotifyTwice />
        <AppNotification />
      </AdminContext>,
    );
    expect(await screen.findByText('Une erreur est survenue')).toBeVisible();
    // Without giving way, the newer toast would wait the first one's six seconds.
    expect(await screen.findByText('Élément mis à jour', {}, { timeout: 1500 })).toBeVisible();
    expect(screen.queryByText('Une erreur est survenue')).not.toBeInTheDocument();
    // It then stays its own time: not closed by the one it replaced.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByText('Élément mis à jour')).toBeVisible();
  });
});

describe('export progress throttle (spec §9)', () => {
  it('shows a change at most every 200 ms, the latest one, and nothing after cancel', () => {
    vi.useFakeTimers();
    expect(PROGRESS_THROTTLE_MS).toBe(200);
    const shown: string[] = [];
    const show = throttleLatest((v: string) => shown.push(v));
    show('sending');
    expect(shown).toEqual(['sending']);
    show('processing');
    show('downloading');
    vi.advanceTimersByTime(199);
    expect(shown).toEqual(['sending']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['sending', 'downloading']);
    vi.advanceTimersByTime(500);
    show('sending');
    expect(shown).toEqual(['sending', 'downloading', 'sending']);
    show('processing');
    show.cancel();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual(['sending', 'downloading', 'sending']);
  });
});

describe('two-column layout (spec §2)', () => {
  it('puts its blocks in two columns from md up, one under the other below', () => {
    render(
      <TwoColumnLayout>
        <p>Bloc un</p>
        <p>Bloc deux</p>
      </TwoColumnLayout>,
    );
    const layout = screen.getByText('Bloc un').closest('[data-layout="two-column"]');
    expect(layout).not.toBeNull();
    expect(layout?.querySelectorAll(':scope > [data-column]')).toHaveLength(2);
    expect(getComputedStyle(layout as Element).display).toBe('grid');
    // One column by default (narrow screens), two under the md media query (900 px).
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/grid-template-columns:\s*minmax\(0, 1fr\)/);
    expect(css).toMatch(
      /@media \(min-width:\s*900px\)\s*\{[^}]*grid-template-columns:\s*repeat\(2, minmax\(0, 1fr\)\)/,
    );
  });
});
