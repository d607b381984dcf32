import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHydraDataProvider } from '../../../src/providers/dataProvider.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import {
  CACHE_TTL_MS,
  createResponseCache,
  userKeyOfBearer,
} from '../../../src/providers/responseCache.ts';
import { SESSION_CACHE_PREFIX } from '../../../src/providers/sessionCache.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const http1 = createHttpClient({
  getBearer: async () => 'jwt',
  navigate: () => undefined,
  onMaintenance: () => undefined,
  backoffMs: () => 0,
});
const dataProvider = createHydraDataProvider(http1, {
  cache: createResponseCache({ userKey: async () => null }),
});

// spec partner-extranet §7: page, itemsPerPage, order[field]=asc|desc, hydra:member/totalItems.
describe('Hydra data provider', () => {
  it('reads a page of a collection', async () => {
    let query: URLSearchParams | undefined;
    let prefer: string | null = null;
    server.use(
      http.get('*/api/contracts', ({ request }) => {
        query = new URL(request.url).searchParams;
        prefer = request.headers.get('prefer');
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
    // Lean pages: no hydra:search template on every page (docs/api.md).
    expect(prefer).toBe('return=minimal');
  });

  it("adds back to a lean page what the member's class derives, by the rule the server uses", async () => {
    const lean = {
      '@id': '/api/contracts/9',
      '@type': 'Contract',
      id: 9,
      blAni: true,
      blSurcomp: false,
      idContrat2: null,
      idCodCol: 'ENS27B',
      lbType: 'S',
      lbApporteur: 'Fournier Prévoyance',
      organizations: [
        { organization: { id: 28, type: { id: 5 }, legalname: 'Compagnie Française' } },
        { organization: { id: 10, type: { id: 3 }, legalname: 'Fournier Prévoyance' } },
      ],
      customerPortfolios: [
        { broker: { id: 133, sellerCode: 'VL00108' } },
        { broker: { id: 7, sellerCode: null } },
      ],
    };
    let applied: string | undefined = 'return=minimal';
    server.use(
      http.get('*/api/contracts', () =>
        HttpResponse.json(
          { 'hydra:member': [structuredClone(lean)], 'hydra:totalItems': 1 },
          { headers: applied ? { 'Preference-Applied': applied } : {} },
        ),
      ),
    );
    const params = {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' as const },
      filter: {},
    };
    const [record] = (await dataProvider.getList('contracts', params)).data;
    expect(record).toMatchObject({
      type: 'Portabilité',
      typeID: 2,
      typeCode: 'P',
      risk: 'SANTE',
      riskId: 'S',
      businessProviders: [{ id: 10, legalname: 'Fournier Prévoyance', main: true, added: false }],
      insuranceCompanies: [{ id: 28, legalname: 'Compagnie Française' }],
      sellers: [{ id: 133, sellerCode: 'VL00108' }],
    });
    // A full answer (no preference applied) is read as it is: the server derived it.
    applied = undefined;
    const [plain] = (await dataProvider.getList('contracts', params)).data;
    expect(plain).not.toHaveProperty('type');
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

  it('maps the declared sort aliases and writes bounds, dates and booleans', async () => {
    let query: URLSearchParams | undefined;
    let path = '';
    server.use(
      http.get('*/api/contrats', ({ request }) => {
        const url = new URL(request.url);
        query = url.searchParams;
        path = url.pathname;
        return HttpResponse.json({
          'hydra:member': [],
          'hydra:totalItems': 10000,
          totalItemsIsLowerBound: true,
        });
      }),
    );
    const routed = createHydraDataProvider(http1, {
      routes: { contracts: { collection: '/api/contrats', sortAliases: { risk: 'lbType' } } },
    });
    const result = await routed.getList('contracts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'risk', order: 'ASC' },
      filter: {
        dtDebVal: { after: new Date(2024, 0, 5), before: '' },
        'dtFinVal[before]': '2025-12-31',
        nbrInsured: true,
        state: [],
        assure: { firstname: 'Zoé', lastname: '' },
      },
    });
    expect(path).toBe('/api/contrats');
    expect(query?.get('order[lbType]')).toBe('asc');
    expect(query?.get('dtDebVal[after]')).toBe('2024-01-05');
    expect(query?.has('dtDebVal[before]')).toBe(false);
    expect(query?.get('dtFinVal[before]')).toBe('2025-12-31');
    expect(query?.get('nbrInsured')).toBe('true');
    expect(query?.has('state[]')).toBe(false);
    expect(query?.get('assure.firstname')).toBe('Zoé');
    expect(query?.has('assure.lastname')).toBe(false);
    expect(result.meta).toMatchObject({ totalIsLowerBound: true });
  });

  it('sends no order the class does not declare (an old bookmark): the API would refuse the page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/contracts', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      }),
    );
    for (const field of ['nope', 'email', 'lbContrat']) {
      await dataProvider.getList('contracts', {
        pagination: { page: 1, perPage: 10 },
        sort: { field, order: 'ASC' },
        filter: {},
      });
    }
    const orders = queries.map((q) => [...q.keys()].filter((k) => k.startsWith('order[')));
    expect(orders).toEqual([[], [], ['order[lbContrat]']]);
  });

  it('reads a per-parent list from meta.path, and a reference as a filter', async () => {
    const urls: string[] = [];
    server.use(
      http.get('*/api/insureds/5/beneficiaires', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ 'hydra:member': [{ id: 1 }], 'hydra:totalItems': 1 });
      }),
      http.get('*/api/cotisations', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      }),
    );
    await dataProvider.getList('beneficiaires', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'lastname', order: 'ASC' },
      filter: {},
      meta: { path: '/api/insureds/5/beneficiaires' },
    });
    await dataProvider.getManyReference('cotisations', {
      target: 'contrat.id',
      id: 12,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'dtDebVal', order: 'DESC' },
      filter: {},
    });
    expect(new URL(urls[0]).searchParams.get('order[lastname]')).toBe('asc');
    expect(new URL(urls[1]).searchParams.get('contrat.id')).toBe('12');
  });

  it('caches declared lists 3 hours per user, and asks again for another user', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/contratStates', () => {
        calls++;
        return HttpResponse.json({ 'hydra:member': [{ id: 1, label: 'Actif' }] });
      }),
    );
    let user = 'vendeur';
    let now = 0;
    const cached = createHydraDataProvider(http1, {
      routes: { contratStates: { collection: '/api/contratStates', cached: true } },
      cache: createResponseCache({ userKey: async () => user, now: () => now }),
    });
    const params = {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' as const },
      filter: {},
    };
    await cached.getList('contratStates', params);
    await cached.getList('contratStates', params);
    expect(calls).toBe(1);
    user = 'ageo';
    await cached.getList('contratStates', params);
    expect(calls).toBe(2);
    now = CACHE_TTL_MS + 1;
    await cached.getList('contratStates', params);
    expect(calls).toBe(3);
    // Kept in memory only: nothing of the answers in the browser's storage.
    expect(
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].some((k) =>
        k.startsWith(SESSION_CACHE_PREFIX),
      ),
    ).toBe(false);
  });

  it('puts 422 violations on their form fields, nested by property path', async () => {
    server.use(
      http.post('*/api/brokers', () =>
        HttpResponse.json(
          {
            'hydra:description': 'username: Ce nom est déjà pris.',
            violations: [
              { propertyPath: 'username', message: 'Ce nom est déjà pris.' },
              { propertyPath: 'employee.firstname', message: 'Le prénom est obligatoire.' },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const error = await dataProvider
      .create('brokers', { data: { username: 'x' } })
      .catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).body.errors).toEqual({
      username: 'Ce nom est déjà pris.',
      employee: { firstname: 'Le prénom est obligatoire.' },
    });
  });

  it('names the version it read in If-Match when it updates or deletes a record', async () => {
    const seen: Array<[string, string | null]> = [];
    let version = 1;
    const record = () => ({ '@id': '/api/suppliers/4', id: 4, name: `v${version}` });
    const etag = () => ({ ETag: `W/"v${version}"` });
    server.use(
      http.get('*/api/suppliers/4', () => HttpResponse.json(record(), { headers: etag() })),
      http.put('*/api/suppliers/4', ({ request }) => {
        seen.push(['PUT', request.headers.get('if-match')]);
        version++;
        return HttpResponse.json(record(), { headers: etag() });
      }),
      http.delete('*/api/suppliers/4', ({ request }) => {
        seen.push(['DELETE', request.headers.get('if-match')]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await dataProvider.getOne('suppliers', { id: 4 });
    await dataProvider.update('suppliers', { id: 4, data: { name: 'x' }, previousData: record() });
    await dataProvider.delete('suppliers', { id: 4, previousData: record() });
    expect(seen).toEqual([
      ['PUT', 'W/"v1"'],
      ['DELETE', 'W/"v2"'],
    ]);
  });

  it("writes a profile's realms and roles as the spec's body names them, and reads them back as ids", async () => {
    const bodies: unknown[] = [];
    const answer = {
      '@id': '/api/profiles/7',
      '@type': 'Profile',
      id: 7,
      name: 'Vendeurs',
      realms: ['/api/realms/1', '/api/realms/2'],
      roles: ['/api/roles/30'],
    };
    server.use(
      http.post('*/api/profiles', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer, { status: 201 });
      }),
      http.put('*/api/profiles/7', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const data = { name: 'Vendeurs', isRestricted: false, realms: [1, 2], roles: [30] };
    const created = await dataProvider.create('profiles', { data });
    await dataProvider.update('profiles', { id: 7, data, previousData: created.data });
    const spec = {
      name: 'Vendeurs',
      isRestricted: false,
      realms: [{ realm: '/api/realms/1' }, { realm: '/api/realms/2' }],
      roles: [{ role: '/api/roles/30' }],
    };
    expect(bodies).toEqual([spec, spec]);
    expect(created.data).toMatchObject({ realms: [1, 2], roles: [30] });
  });

  it('sends a folder role with empty realms and profiles, and no warning on a role that warns on deletion', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/roles', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ '@id': '/api/roles/9', id: 9, ...body }, { status: 201 });
      }),
    );
    // What the hidden inputs still hold, after the user ticked « Dossier » or the deletion warning.
    const held = { realms: [1], profiles: [2], hasWarning: true };
    await dataProvider.create('roles', { data: { name: 'Dossier', isFolder: true, ...held } });
    await dataProvider.create('roles', {
      data: { name: 'VIEW_X', isFolder: false, deleteWarning: true, ...held },
    });
    expect(bodies[0]).toMatchObject({ isFolder: true, realms: [], profiles: [] });
    expect(bodies[1]).toMatchObject({
      isFolder: false,
      hasWarning: false,
      realms: [{ realm: '/api/realms/1' }],
      profiles: [{ profile: '/api/profiles/2' }],
    });
  });

  it('reads the login of a bearer token for the cache key', async () => {
    const payload = btoa(JSON.stringify({ sub: 'x1', preferred_username: 'vendeur' }));
    await expect(userKeyOfBearer(async () => `h.${payload}.s`)).resolves.toBe('vendeur');
    await expect(userKeyOfBearer(async () => null)).resolves.toBeNull();
  });
});
