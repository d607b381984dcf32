// The declarative write path (server/src/resources/framework/write.ts) on its worked example,
// the Supplier class served from its declaration alone: POST, PUT, PATCH, DELETE over real
// HTTP and the real database; every bad body a French 422 or 400 with nothing saved; roles;
// If-Match against the ETag of GET; the hub topic of the class; the Hydra documentation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ScopedApi, violationsOf } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const send = (...args: Parameters<ScopedApi['send']>) => api.send(...args);

const names = async () =>
  (await api.rows<{ name: string }>('SELECT name FROM supplier ORDER BY id')).map((r) => r.name);
const paths = violationsOf;

describe('reading suppliers', () => {
  it('lists the seeded wholesalers for the operator by id (spec §9), paged like every collection', async () => {
    const list = await send('ageo', 'GET', '/api/suppliers?itemsPerPage=3');
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(7);
    expect((list.body['hydra:member'] as Json[]).map((m) => m.name)).toEqual([
      'Alptis',
      'April',
      'Cegema',
    ]);
    const ids = (list.body['hydra:member'] as Json[]).map((m) => m.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const member = (list.body['hydra:member'] as Json[])[0];
    expect(Object.keys(member).sort()).toEqual(['@id', '@type', 'id', 'name']);
    expect(member['@id']).toBe(`/api/suppliers/${member.id}`);
    const filtered = await send('ageo', 'GET', '/api/suppliers?name=neol&order[name]=desc');
    expect((filtered.body['hydra:member'] as Json[]).map((m) => m.name)).toEqual(['Néoliane']);
  });

  it('is refused to everyone but the operator administrator', async () => {
    for (const user of ['partenaire', 'manager', 'vendeur'] as const) {
      expect((await send(user, 'GET', '/api/suppliers')).status).toBe(403);
    }
  });

  it('answers an item with its ETag, and 404 in French for an unknown or malformed id', async () => {
    const [{ id }] = await api.rows<{ id: number }>("SELECT id FROM supplier WHERE name = 'April'");
    const one = await send('ageo', 'GET', `/api/suppliers/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ '@type': 'Supplier', id, name: 'April' });
    expect(one.etag).toMatch(/^W\/".+"$/);
    const missing = await send('ageo', 'GET', '/api/suppliers/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Ce fournisseur est introuvable.');
    expect((await send('ageo', 'GET', '/api/suppliers/abc')).status).toBe(404);
  });
});

describe('creating a supplier', () => {
  it('answers 201 with the member as GET shows it and its Location; the list and the hub hear of it', async () => {
    const hub = await subscribe(server.url, ['suppliers'], await api.token('ageo'));
    expect(hub.status).toBe(200);
    try {
      const created = await send('ageo', 'POST', '/api/suppliers', { name: '  Zenioo  ' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ '@type': 'Supplier', name: 'Zenioo' });
      expect(created.location).toBe(`/api/suppliers/${created.body.id}`);
      expect(created.etag).toBe((await send('ageo', 'GET', created.location as string)).etag);
      const [event] = await hub.waitForEvents(1);
      expect(JSON.parse(event.data)).toEqual({ changed: 'suppliers' });
      const list = await send('ageo', 'GET', '/api/suppliers?name=zenioo');
      expect(list.body['hydra:totalItems']).toBe(1);
    } finally {
      hub.close();
    }
  });

  it('takes plain JSON as well as JSON-LD', async () => {
    const created = await send(
      'ageo',
      'POST',
      '/api/suppliers',
      { name: 'Malakoff Courtage' },
      {
        'content-type': 'application/json',
      },
    );
    expect(created.status).toBe(201);
  });

  it('refuses every bad body with a French 422 or 400, naming each field, and saves nothing', async () => {
    const before = await names();
    const cases: Array<[unknown, number, string[]]> = [
      [{}, 422, ['name: « Nom » est obligatoire.']],
      [{ name: '   ' }, 422, ['name: « Nom » est obligatoire.']],
      [{ name: 42 }, 422, ['name: « Nom » doit être un texte.']],
      [{ name: 'x'.repeat(151) }, 422, ['name: « Nom » ne doit pas dépasser 150 caractères.']],
      [{ name: 'A\u0000B' }, 422, ['name: « Nom » contient un caractère interdit.']],
      [{ name: 'alptis' }, 422, ['name: Cette valeur est déjà utilisée.']],
      [
        { name: 'Nouveau', colour: 'red', id: 3 },
        422,
        ["colour: Ce champ n'existe pas.", 'id: « Identifiant » ne peut pas être modifié.'],
      ],
    ];
    for (const [body, status, violations] of cases) {
      const answer = await send('ageo', 'POST', '/api/suppliers', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body['@type']).toBe('ConstraintViolationList');
      expect(paths(answer).sort()).toEqual([...violations].sort());
    }
    for (const body of ['[1,2]', '"Alptis"', '{"name":']) {
      const answer = await send('ageo', 'POST', '/api/suppliers', body);
      expect(answer.status, body).toBe(400);
      expect(answer.type).toContain('application/problem+json');
    }
    expect(await names()).toEqual(before);
  });

  it('is refused with 403 to a partner administrator, a manager and a seller', async () => {
    const before = await names();
    for (const user of ['partenaire', 'manager', 'vendeur'] as const) {
      expect((await send(user, 'POST', '/api/suppliers', { name: `De ${user}` })).status).toBe(403);
    }
    expect(await names()).toEqual(before);
  });
});

describe('changing a supplier', () => {
  const create = async (name: string) => {
    const created = await send('ageo', 'POST', '/api/suppliers', { name });
    expect(created.status).toBe(201);
    return created;
  };

  it('PUT takes the whole record back as GET gave it, and answers the new ETag', async () => {
    const created = await create('Kereis');
    const path = created.location as string;
    const { '@context': _, ...record } = created.body;
    const put = await send(
      'ageo',
      'PUT',
      path,
      { ...record, name: 'Kéréis' },
      {
        'if-match': created.etag as string,
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.name).toBe('Kéréis');
    expect(put.etag).not.toBe(created.etag);
    expect((await send('ageo', 'GET', path)).body.name).toBe('Kéréis');
  });

  it('refuses a write on a version that changed since it was read (412), overwriting nothing', async () => {
    const created = await create('Assurea');
    const path = created.location as string;
    const first = await send(
      'ageo',
      'PUT',
      path,
      { name: 'Assuréa' },
      {
        'if-match': created.etag as string,
      },
    );
    expect(first.status).toBe(200);
    const stale = await send(
      'ageo',
      'PUT',
      path,
      { name: 'Assurea bis' },
      {
        'if-match': created.etag as string,
      },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.detail).toContain('modifié par quelqu');
    const staleDelete = await send('ageo', 'DELETE', path, undefined, {
      'if-match': created.etag as string,
    });
    expect(staleDelete.status).toBe(412);
    expect((await send('ageo', 'GET', path)).body.name).toBe('Assuréa');
  });

  it('PATCH takes merge-patch only, and changes only what it names', async () => {
    const created = await create('Axeria');
    const path = created.location as string;
    const wrongType = await send('ageo', 'PATCH', path, { name: 'Axéria' });
    expect(wrongType.status).toBe(415);
    const patched = await send(
      'ageo',
      'PATCH',
      path,
      { name: 'Axéria' },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('Axéria');
    const emptied = await send(
      'ageo',
      'PATCH',
      path,
      { name: null },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(emptied.status).toBe(422);
    expect(paths(emptied)).toEqual(['name: « Nom » est obligatoire.']);
  });

  it('answers 404 for an unknown id and 403 to other profiles, changing nothing', async () => {
    expect((await send('ageo', 'PUT', '/api/suppliers/999999', { name: 'X' })).status).toBe(404);
    const created = await create('Groupe Y');
    for (const user of ['partenaire', 'vendeur'] as const) {
      expect((await send(user, 'PUT', created.location as string, { name: 'Z' })).status).toBe(403);
      expect((await send(user, 'DELETE', created.location as string)).status).toBe(403);
    }
    expect((await send('ageo', 'GET', created.location as string)).body.name).toBe('Groupe Y');
  });

  it('DELETE answers 204, then the record is gone', async () => {
    const created = await create('Éphémère');
    const path = created.location as string;
    const deleted = await send('ageo', 'DELETE', path, undefined, {
      'if-match': created.etag as string,
    });
    expect(deleted.status).toBe(204);
    expect((await send('ageo', 'GET', path)).status).toBe(404);
    expect((await send('ageo', 'DELETE', path)).status).toBe(404);
  });
});

describe('the documentation of the class', () => {
  it('documents the operations served and the writable, required name', async () => {
    const docs = await send('ageo', 'GET', '/api/docs.jsonld');
    const classes = docs.body['hydra:supportedClass'] as Json[];
    const supplier = classes.find((c) => c['@id'] === '#Supplier') as Json;
    const methods = (supplier['hydra:supportedOperation'] as Json[]).map((o) => o['hydra:method']);
    expect(methods.sort()).toEqual(['DELETE', 'GET', 'PATCH', 'PUT']);
    const name = (supplier['hydra:supportedProperty'] as Json[]).find(
      (p) => p['hydra:title'] === 'name',
    ) as Json;
    expect(name).toMatchObject({
      'hydra:required': true,
      'hydra:writeable': true,
      'hydra:description': 'Nom',
    });
  });
});
