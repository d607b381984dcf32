import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHydraDataProvider } from '../../../src/providers/dataProvider.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dataProvider = createHydraDataProvider(
  createHttpClient({
    getBearer: async () => 'jwt',
    navigate: () => undefined,
    onMaintenance: () => undefined,
    backoffMs: () => 0,
  }),
);

// spec partner-extranet §7: page, itemsPerPage, order[field]=asc|desc, hydra:member/totalItems.
describe('minimal Hydra data provider', () => {
  it('reads a page of a collection', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/contracts', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          'hydra:member': [
            { '@id': '/api/contracts/7', id: 7, lbContrat: 'Santé collective' },
            { '@id': '/api/contracts/8', lbContrat: 'Prévoyance' },
          ],
          'hydra:totalItems': 42,
        });
      }),
    );
    const result = await dataProvider.getList('contracts', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'dateDebVal', order: 'DESC' },
      filter: { state: [1, 2, 4], lbType: 'S', idProduit: '', customer: null },
    });
    expect(query?.get('page')).toBe('3');
    expect(query?.get('itemsPerPage')).toBe('10');
    expect(query?.get('order[dateDebVal]')).toBe('desc');
    expect(query?.getAll('state[]')).toEqual(['1', '2', '4']);
    expect(query?.get('lbType')).toBe('S');
    expect(query?.has('idProduit')).toBe(false);
    expect(query?.has('customer')).toBe(false);
    expect(result.total).toBe(42);
    expect(result.data.map((r) => r.id)).toEqual([7, '/api/contracts/8']);
  });

  it('reads one record, by id or by IRI', async () => {
    server.use(
      http.get('*/api/products/12', () => HttpResponse.json({ id: 12, lbProduit: 'Santé' })),
    );
    await expect(dataProvider.getOne('products', { id: 12 })).resolves.toEqual({
      data: { id: 12, lbProduit: 'Santé' },
    });
    await expect(dataProvider.getOne('products', { id: '/api/products/12' })).resolves.toEqual({
      data: { id: 12, lbProduit: 'Santé' },
    });
  });

  it('says plainly what it cannot do yet', async () => {
    await expect(dataProvider.delete('products', { id: 1 })).rejects.toThrow('non disponible');
  });
});
