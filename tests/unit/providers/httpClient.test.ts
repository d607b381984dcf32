import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createHttpClient,
  GENERIC_FAILURE,
  type HttpClientDeps,
} from '../../../src/providers/httpClient.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<HttpClientDeps> = {}) {
  const deps = {
    getBearer: vi.fn(async () => 'jwt-123'),
    navigate: vi.fn(),
    onMaintenance: vi.fn(),
    backoffMs: () => 0,
    ...overrides,
  };
  return { http: createHttpClient(deps), deps };
}

/** A handler answering each call in turn with the given responses, counting the calls. */
function sequence(url: string, ...answers: Array<() => Response>) {
  const calls = { count: 0 };
  server.use(
    http.all(url, () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count++;
      return answer();
    }),
  );
  return calls;
}

const ok = () => HttpResponse.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
const problem = (status: number, description: string) => () =>
  HttpResponse.json(
    { 'hydra:description': description, detail: description },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

describe('httpClient', () => {
  it('sends the bearer, asks for JSON-LD, sends credentials and JSON bodies', async () => {
    let seen: Request | undefined;
    let sentBody: unknown;
    server.use(
      http.post('*/api/things', async ({ request }) => {
        seen = request;
        sentBody = await request.json();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { http: request } = client();
    const response = await request<{ id: number }>('/api/things', {
      method: 'POST',
      body: { name: 'Assurés' },
    });
    expect(response.json).toEqual({ id: 1 });
    expect(seen?.headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(seen?.headers.get('Accept')).toBe('application/ld+json, application/json');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(sentBody).toEqual({ name: 'Assurés' });
  });

  it('sends no Authorization header without a session', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('*/api/config', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await client({ getBearer: async () => null }).http('/api/config');
    expect(authorization).toBeNull();
  });

  it('retries 3 times on 5xx, then succeeds', async () => {
    const calls = sequence(
      '*/api/contrats',
      problem(500, 'boom'),
      problem(502, 'bad gateway'),
      problem(503, 'busy'),
      ok,
    );
    const response = await client().http('/api/contrats');
    expect(response.status).toBe(200);
    expect(calls.count).toBe(4);
  });

  it('retries 3 times on network failure, then succeeds', async () => {
    const calls = sequence(
      '*/api/contrats',
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      ok,
    );
    await expect(client().http('/api/contrats')).resolves.toMatchObject({ status: 200 });
    expect(calls.count).toBe(4);
  });

  it('gives up after 3 retries on 5xx with the server message (spec §8: 500 may show it)', async () => {
    const calls = sequence('*/api/contrats', problem(500, 'La base ne répond pas'));
    await expect(client().http('/api/contrats')).rejects.toMatchObject({
      status: 500,
      message: 'La base ne répond pas',
    });
    expect(calls.count).toBe(4);
  });

  it('gives up after 3 retries on network failure with the generic message', async () => {
    const calls = sequence('*/api/contrats', () => HttpResponse.error());
    await expect(client().http('/api/contrats')).rejects.toMatchObject({
      status: 0,
      message: GENERIC_FAILURE,
    });
    expect(calls.count).toBe(4);
  });

  it.each([400, 401, 404, 409, 422])('never retries a %i', async (status) => {
    const calls = sequence('*/api/contrats', problem(status, 'Refusé'), ok);
    await expect(client().http('/api/contrats')).rejects.toMatchObject({
      status,
      message: 'Refusé',
    });
    expect(calls.count).toBe(1);
  });

  it('sends a 403 to /errors/403', async () => {
    sequence('*/api/users', problem(403, 'Accès refusé'));
    const { http: request, deps } = client();
    await expect(request('/api/users')).rejects.toMatchObject({ status: 403 });
    expect(deps.navigate).toHaveBeenCalledWith('/errors/403');
  });

  it('hands a 401 to the auth provider without routing it', async () => {
    sequence('*/api/me', problem(401, 'Jeton invalide'));
    const { http: request, deps } = client();
    await expect(request('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.onMaintenance).not.toHaveBeenCalled();
  });

  it('sends a 503 "Site en maintenance" to the maintenance page, without retrying', async () => {
    const calls = sequence('*/api/contrats', problem(503, 'Site en maintenance'));
    const { http: request, deps } = client();
    await expect(request('/api/contrats')).rejects.toMatchObject({
      status: 503,
      message: 'Site en maintenance',
    });
    expect(deps.onMaintenance).toHaveBeenCalledTimes(1);
    expect(calls.count).toBe(1);
  });

  it('does not route when asked not to', async () => {
    sequence('*/api/users', problem(403, 'Accès refusé'));
    const { http: request, deps } = client();
    await expect(request('/api/users', { routeErrors: false })).rejects.toMatchObject({
      status: 403,
    });
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('uses the generic message when the server gives no description', async () => {
    server.use(http.get('*/api/x', () => new HttpResponse('nope', { status: 418 })));
    await expect(client().http('/api/x')).rejects.toMatchObject({
      status: 418,
      message: GENERIC_FAILURE,
    });
  });
});
