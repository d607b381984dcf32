// The commissions screen (/Commission/list) with the real data provider, msw answering: the
// list's states (loading, French load error, empty), its columns and filters, the dashboard
// per year and provider with its totals and its own error, and the download with its toasts.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Commission } from '../../../src/domain/schema/commission.ts';
import { allLabels } from '../../../src/domain/schema/types.ts';
import { fileNameOf } from '../../../src/resources/commissions/CommissionDownloadButton.tsx';
import { CommissionList } from '../../../src/resources/commissions/CommissionList.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const commission = (id: number) => ({
  '@id': `/api/commissions/${id}`,
  '@type': 'Commission',
  id,
  numContract: `CT-${id}`,
  subscriber: `Boulangerie ${id}`,
  businessProvider: 'Cabinet Lumière',
  acquisitionRate: 12.5,
  startAt: '2025-01-01',
  endAt: '2025-12-31',
  datePaymentCom: null,
  amoundPaid: 1234.5,
  year: 2025,
});

const open = (at = '/Commission/list') =>
  renderScreen(<CommissionList title="Commissions" />, {
    route: '/Commission/list',
    at,
    resource: 'commissions',
    account: 'manager',
  });

describe('/Commission/list', () => {
  it('is busy while loading, then shows the columns of spec §3, newest first', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/commissions', async ({ request }) => {
        query = new URL(request.url).searchParams;
        await delay(150);
        return hydraCollection([commission(1), commission(2)]);
      }),
    );
    const { container } = open();
    await waitFor(() => expect(container.querySelector('[data-busy="true"]')).not.toBeNull());
    const row = (await screen.findByText('CT-1')).closest('tr') as HTMLElement;
    for (const text of ['Boulangerie 1', 'Cabinet Lumière', '12,5 %', '01/01/2025', '31/12/2025']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText(/^1\s234,50$/)).toBeInTheDocument();
    expect(within(row).getByText('2025')).toBeInTheDocument();
    // Headed by the declaration's labels, as the download is (resources.commissions.fields.*).
    const table = row.closest('table') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual((Commission.exports ?? []).map(({ field }) => allLabels(Commission)[field]));
    expect(query?.get('order[startAt]')).toBe('desc');
    expect(query?.get('itemsPerPage')).toBe('10');
  });

  it('sends the year and the date bounds of its filters', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/commissions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([commission(1)]);
      }),
    );
    open('/Commission/list?filter=%7B%22startAt%22%3A%7B%22after%22%3A%222025-01-01%22%7D%7D');
    await userEvent.type(await screen.findByLabelText('Année'), '2025');
    await waitFor(() => expect(queries.at(-1)?.get('year')).toBe('2025'));
    expect(queries.at(-1)?.get('startAt[after]')).toBe('2025-01-01');
    // A year is whole: the decimals typed are not sent (the API would refuse the list).
    await userEvent.type(screen.getByLabelText('Année'), '.5');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(queries.every((q) => !/\./.test(q.get('year') ?? ''))).toBe(true);
    // Once the field is left it shows the year applied, not the decimals typed.
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText('Année')).toHaveValue(2025));
  });

  it('says a year out of range on its field, and keeps the list as it was', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/commissions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([commission(1)]);
      }),
    );
    open();
    expect(await screen.findByText('CT-1')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Année'), '99999999999999999999');
    expect(await screen.findByText('Indiquez une année entre 1900 et 2999.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(queries.every((q) => q.get('year') === null)).toBe(true);
    expect(screen.getByText('CT-1')).toBeInTheDocument();
  });

  it('says the French message of §8 when the list cannot be loaded, emptied', async () => {
    server.use(http.get('*/api/commissions', () => hydraProblem(500, 'boom')));
    const { container } = open('/Commission/list?page=3');
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des commissions',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('CT-1')).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });

  it('says there is no commission', async () => {
    server.use(http.get('*/api/commissions', () => hydraCollection([])));
    open();
    expect(await screen.findByText('Aucune commission.')).toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  it('reads the sums per year and provider for the list filters, with the totals', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/commissions', () => hydraCollection([commission(1)])),
      http.get('*/api/commissions_list', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection(
          [
            {
              id: '2025-4',
              year: 2025,
              businessProvider: 'Cabinet Lumière',
              amoundPaid: 2469,
              nbrCommissions: 2,
            },
            {
              id: '2024-4',
              year: 2024,
              businessProvider: 'Cabinet Lumière',
              amoundPaid: 100,
              nbrCommissions: 1,
            },
          ],
          2,
          { commissionTotals: { amoundPaid: 2569, nbrCommissions: 1614 } },
        );
      }),
    );
    open('/Commission/list?filter=%7B%22year%22%3A2025%7D');
    await screen.findByText('CT-1');
    expect(query).toBeUndefined();
    await userEvent.click(screen.getByText('Tableau de bord des commissions'));
    const table = await screen.findByRole('table', {
      name: 'Commissions par année et par apporteur',
    });
    expect(await within(table).findByText(/^2\s469,00$/)).toBeInTheDocument();
    const total = within(table).getByText('Total').closest('tr') as HTMLElement;
    // A count with the French thousands separator, as the list's own total says it.
    expect(within(total).getByText(/^1\s614$/)).toBeInTheDocument();
    expect(within(total).getByText(/^2\s569,00$/)).toBeInTheDocument();
    expect(query?.get('year')).toBe('2025');
  });

  it('says the French message of §8 when the dashboard cannot be loaded', async () => {
    server.use(
      http.get('*/api/commissions', () => hydraCollection([commission(1)])),
      http.get('*/api/commissions_list', () => hydraProblem(500, 'boom')),
    );
    open();
    await screen.findByText('CT-1');
    await userEvent.click(screen.getByText('Tableau de bord des commissions'));
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement du dashboard commissions',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the download', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:commissions');
    URL.revokeObjectURL = vi.fn();
  });

  it('fetches the filtered list as a file and says so', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/commissions', () => hydraCollection([commission(1)])),
      http.get('*/api/commissions/download', ({ request }) => {
        query = new URL(request.url).searchParams;
        return new HttpResponse('xlsx', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="commissions_2025.xlsx"',
          },
        });
      }),
    );
    open('/Commission/list?filter=%7B%22year%22%3A2025%7D');
    await screen.findByText('CT-1');
    await userEvent.click(screen.getByRole('button', { name: /Télécharger/ }));
    expect(
      await screen.findByText('Le téléchargement des commissions est terminé'),
    ).toBeInTheDocument();
    expect(query?.get('year')).toBe('2025');
    expect(query?.get('order[startAt]')).toBe('desc');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says there is nothing to download when the list is empty, fetching nothing', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/commissions', () => hydraCollection([])),
      http.get('*/api/commissions/download', () => {
        asked++;
        return new HttpResponse('xlsx');
      }),
    );
    open('/Commission/list?filter=%7B%22year%22%3A1901%7D');
    await screen.findByText('Aucune commission.');
    await userEvent.click(screen.getByRole('button', { name: /Télécharger/ }));
    expect(
      await screen.findByText('Aucune commission à télécharger avec ces filtres.'),
    ).toBeInTheDocument();
    expect(asked).toBe(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('says when the download fails', async () => {
    server.use(
      http.get('*/api/commissions', () => hydraCollection([commission(1)])),
      http.get('*/api/commissions/download', () => hydraProblem(500, 'boom')),
    );
    open();
    await screen.findByText('CT-1');
    await userEvent.click(screen.getByRole('button', { name: /Télécharger/ }));
    expect(
      await screen.findByText('Une erreur est survenue durant le téléchargement des commissions'),
    ).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('names the file as the server does', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"; filename*=UTF-8\'\'comm%C3%A9.xlsx')).toBe(
      'commé.xlsx',
    );
    expect(fileNameOf(null)).toBeUndefined();
  });
});
