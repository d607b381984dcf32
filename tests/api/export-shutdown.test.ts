// An export stopped by a graceful shutdown (issue 18 #10b): the job stops between two batches,
// is recorded failed, and the browser waiting on the hub hears the failure BEFORE the hub ends
// its streams (the hub runs the jobs' stop before ending them), instead of a stream that just
// closes and a screen left waiting.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { STOPPED_BY_SHUTDOWN } from '../../server/src/exports/jobs.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
}, 60_000);

it('tells the waiting browser that its export failed before the stream closes', async () => {
  server = await startTestServer();
  const { app, database, url } = server;
  const token = (await new OidcBrowser(url, 'espace-partenaire').login('ageo', 'demo'))
    .access_token;
  const id = randomUUID();
  const hub = await subscribe(url, [`login/ageo/${id}`], token);
  expect(hub.status).toBe(200);
  // The operator's every contribution: far more than one batch.
  const started = await fetch(`${url}/export/cotisations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uuid: id }),
  });
  expect(started.status).toBe(202);

  await app.close();
  await hub.ended;
  expect(hub.events.map((e) => JSON.parse(e.data))).toEqual([
    { id, status: 'error', kind: 'cotisations', format: 'xlsx', message: STOPPED_BY_SHUTDOWN },
  ]);
  const { rows } = await sql<{ status: string; message: string; chunks: number }>`
    SELECT status, message,
      (SELECT count(*)::int FROM export_chunk WHERE export_id = ${id}) AS chunks
    FROM export_file WHERE id = ${id}`.execute(database.db);
  expect(rows).toEqual([{ status: 'error', message: STOPPED_BY_SHUTDOWN, chunks: 0 }]);
}, 120_000);
