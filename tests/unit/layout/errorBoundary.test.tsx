import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'ra-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/components/ErrorBoundary.tsx';
import { i18nProvider } from './renderApp.tsx';

function Failing({ fail }: { fail: boolean }) {
  if (fail) throw new Error('boom');
  return <p>Page affichée</p>;
}

function Harness() {
  const [fail, setFail] = useState(true);
  const [key, setKey] = useState('/a');
  return (
    <I18nContextProvider value={i18nProvider}>
      <button type="button" onClick={() => setFail(false)}>
        réparer
      </button>
      <button type="button" onClick={() => setKey('/b')}>
        naviguer
      </button>
      <ErrorBoundary resetKey={key}>
        <Failing fail={fail} />
      </ErrorBoundary>
    </I18nContextProvider>
  );
}

describe('ErrorBoundary', () => {
  it('keeps a failing page from blanking the app and clears on navigation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Oops...une erreur est survenue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'réparer' }));
    // Still failed until the user retries or navigates.
    expect(screen.getByText('Oops...une erreur est survenue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'naviguer' }));
    expect(screen.getByText('Page affichée')).toBeInTheDocument();
    error.mockRestore();
  });
});
