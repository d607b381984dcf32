import { act, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppNotification } from '../../../src/providers/AppNotification.tsx';
import { i18nProvider } from '../../../src/providers/i18nProvider.ts';
import { UnexpectedFailureToast } from '../../../src/providers/UnexpectedFailureToast.tsx';

// spec partner-extranet §8: generic failure, error toast, 5 s, top right.
describe('UnexpectedFailureToast', () => {
  it('shows the generic failure toast, top right, for a promise nobody handled', async () => {
    render(
      <AdminContext
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <UnexpectedFailureToast />
        <AppNotification />
      </AdminContext>,
    );
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(event, { reason: new Error('boom') });
    act(() => {
      window.dispatchEvent(event);
    });
    const toast = await screen.findByText('Oops...une erreur est survenue');
    expect(toast.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();
  });
});
