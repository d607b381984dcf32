import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'ra-core';
import { Component, type ReactNode, Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForStaleChunk } from '../../../src/components/chunkReload.ts';
import { ServerUnreachable } from '../../../src/components/ServerUnreachable.tsx';
import { i18nProvider } from '../../../src/providers/i18nProvider.ts';
import { lazyPage } from '../../../src/providers/lazyPage.ts';

// spec partner-extranet §8: "Stale code chunk failure: page reloads once (not more than once per
// minute)".
type PageModule = { default: () => ReactNode };
const staleChunk = (): Promise<PageModule> =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-old.js'));
const brokenPage = (): Promise<PageModule> => Promise.reject(new Error('bug in the page'));

function HelloPage() {
  return <p>Bonjour</p>;
}

beforeEach(() => sessionStorage.clear());

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

function renderCaught(element: ReactNode) {
  const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <Catch>
      <Suspense fallback={<p>Chargement...</p>}>{element}</Suspense>
    </Catch>,
  );
  return () => errorSpy.mockRestore();
}

describe('reloadOnceForStaleChunk', () => {
  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadOnceForStaleChunk(sessionStorage, t0, reload)).toBe(true);
    expect(reloadOnceForStaleChunk(sessionStorage, t0 + 1_000, reload)).toBe(false);
    expect(reloadOnceForStaleChunk(sessionStorage, t0 + 59_999, reload)).toBe(false);
    expect(reloadOnceForStaleChunk(sessionStorage, t0 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage', () => {
  it('loads the named export of a page module', async () => {
    const Page = lazyPage(async () => ({ HelloPage }), 'HelloPage');
    render(
      <Suspense fallback={<p>Chargement...</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('Bonjour')).toBeInTheDocument();
  });

  it('reloads the page on a stale chunk and keeps the loader meanwhile', async () => {
    const reload = vi.fn(() => true);
    const Page = lazyPage(staleChunk, 'default', reload, async () => true);
    render(
      <Suspense fallback={<p>Chargement...</p>}>
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it('lets the error through when the page already reloaded this minute', async () => {
    const Page = lazyPage(
      staleChunk,
      'default',
      () => false,
      async () => true,
    );
    const restore = renderCaught(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent('dynamically imported module');
    restore();
  });

  it('does not reload for an error that is no stale chunk', async () => {
    const reload = vi.fn(() => true);
    const Page = lazyPage(brokenPage, 'default', reload);
    const restore = renderCaught(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent('bug in the page');
    expect(reload).not.toHaveBeenCalled();
    restore();
  });

  it('says the service is unavailable, in French, when the chunk failed because the server does not answer', async () => {
    const reload = vi.fn(() => true);
    const Page = lazyPage(staleChunk, 'default', reload, async () => false);
    render(
      <I18nContextProvider value={i18nProvider}>
        <Suspense fallback={<p>Chargement...</p>}>
          <Page />
        </Suspense>
      </I18nContextProvider>,
    );
    expect(await screen.findByText('Espace partenaire indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeEnabled();
    // No reload onto the browser's own error page.
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('ServerUnreachable', () => {
  it('reloads the app once the server answers again, and says so while it does not', async () => {
    let up = false;
    const reload = vi.fn();
    render(
      <I18nContextProvider value={i18nProvider}>
        <ServerUnreachable answers={async () => up} reload={reload} />
      </I18nContextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(/Le service ne répond toujours pas\./)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
