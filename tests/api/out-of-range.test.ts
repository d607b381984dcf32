// Values the database cannot hold are the client's fault: a 400 naming the parameter where the
// parser knows the type, and a 400 all the same where only the database does. Never a 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

it.each([
  ['/api/contrats?state[]=99999999999', 'state'],
  ['/api/contrats?contractType=-2147483649', 'contractType'],
  ['/api/contratStates?id=2147483648', 'id'],
])('%s is a 400 naming %s', async (path, parameter) => {
  const { status, type, body } = await api.get('ageo', path);
  expect(status).toBe(400);
  expect(type).toContain('application/problem+json');
  expect(body['hydra:description']).toContain(`« ${parameter} »`);
});

it('the largest integer the database holds is still a valid filter', async () => {
  const { status, body } = await api.get('ageo', '/api/contrats?state[]=2147483647');
  expect(status).toBe(200);
  expect(body['hydra:totalItems']).toBe(0);
});

it('a value only the database refuses (a smallint column) is a 400, not a 500', async () => {
  const { status, type, body } = await api.get('ageo', '/api/assures?idGender=40000');
  expect(status).toBe(400);
  expect(type).toContain('application/problem+json');
  expect(body['hydra:description']).toBe(
    'Une valeur de la requête est mal formée ou hors des bornes acceptées.',
  );
});
