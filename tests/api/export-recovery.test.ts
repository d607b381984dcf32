// Jobs interrupted by a crash (issue 18 #5): the server is killed (SIGKILL) while an export runs,
// then started again on the same database. The export is failed at start (not "running" for
// 24 h), its chunks are gone, its download answers a clear 410 (not 409 forever), and its owner's
// browser hears the failure on the hub: the restarted server publishes it at start, and a
// subscriber connecting afterwards (the SPA reconnects after the loss) gets the job's last word
// at once. An import left "started" by a killed process is failed at start the same way (its
// heartbeat still fresh: not after the 30 s staleness), and, on PostgreSQL, a job whose process
// is alive (another server on the same database) is left alone.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { INSTANCE_LOCK_CLASS } from '../../server/src/db/instance.ts';
import { INTERRUPTED_BY_CRASH } from '../../server/src/exports/jobs.ts';
import { INTERRUPTED_BY_CRASH as IMPORT_INTERRUPTED } from '../../server/src/users/imports/importJob.ts';
import { type Child, MAIN, run } from './support/process.ts';
import { type FreshDatabase, freePort, freshDatabase } from './support/server.ts';
import { subscribe } from './support/sse.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let fresh: FreshDatabase;
let env: Record<string, string>;
let url: string;
let child: Child | undefined;

beforeAll(async () => {
  fresh = await freshDatabase({ initialised: true });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    ...fresh.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    PAGE_CACHE_SECONDS: '0',
  };
}, 60_000);
afterAll(async () => {
  if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
  await child?.exited;
  await liveLock?.end().catch(() => undefined);
  await fresh?.dispose();
}, 60_000);

async function startServer(): Promise<Child> {
  const started = run(MAIN, env);
  await started.waitFor(/is ready/);
  return started;
}

/** SQL on the test's database while no server holds it (PGlite) or beside it (PostgreSQL). */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create(join(env.DATA_DIR, 'db'));
  try {
    return (await pglite.query(text, values)).rows as T[];
  } finally {
    await pglite.close();
  }
}

async function token(): Promise<string> {
  return (await new OidcBrowser(url, 'espace-partenaire').login('ageo', 'demo')).access_token;
}

const exportId = randomUUID();
const importTopic = `login/ageo/${randomUUID()}`;
/** A process that is alive (this test, on PostgreSQL): its export must not be failed. */
const liveInstance = randomUUID();
const liveExport = randomUUID();
let liveLock: pg.Client | undefined;

it('a server killed during an export: the file is failed at the next start, its owner told', async () => {
  child = await startServer();
  const bearer = await token();
  const started = await fetch(`${url}/export/cotisations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uuid: exportId }),
  });
  expect(started.status).toBe(202);
  if (onPostgres) {
    // Killed once the file has chunks (they must not stay behind).
    await vi.waitFor(
      async () => {
        const [{ n }] = await query<{ n: number }>(
          'SELECT count(*)::int AS n FROM export_chunk WHERE export_id = $1',
          [exportId],
        );
        expect(n).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 50 },
    );
  }
  const running = await fetch(`${url}/downloads/excel?id=${exportId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(running.status).toBe(409);
  child.process.kill('SIGKILL');
  expect(await child.exited).toBe('SIGKILL');

  const [before] = await query<{ status: string }>('SELECT status FROM export_file WHERE id = $1', [
    exportId,
  ]);
  expect(before.status).toBe('running');

  // What a killed import leaves: "started", a fresh heartbeat, a process that is gone.
  await query(
    `INSERT INTO user_import_log (file_name, hub_topic, row_count, instance_id, heartbeat_at)
     VALUES ('utilisateurs.csv', $1, 500, $2, now())`,
    [importTopic, randomUUID()],
  );
  if (onPostgres) {
    // Another server, alive, writing its own file on the same database.
    liveLock = new pg.Client({ connectionString: env.DATABASE_URL });
    liveLock.on('error', () => undefined);
    await liveLock.connect();
    await liveLock.query('SELECT pg_advisory_lock($1, hashtext($2))', [
      INSTANCE_LOCK_CLASS,
      liveInstance,
    ]);
    await liveLock.query(
      `INSERT INTO export_file (id, owner, kind, format, name, expires_at, instance_id)
       VALUES ($1, 'ageo', 'contracts', 'xlsx', 'contrats.xlsx', now() + interval '1 day', $2)`,
      [liveExport, liveInstance],
    );
  }

  child = await startServer();
  const again = await token();
  // The browser reconnects after the loss: it hears the end at once.
  const hub = await subscribe(url, [`login/ageo/${exportId}`, `command/${exportId}`], again);
  expect(hub.status).toBe(200);
  const [event] = await hub.waitForEvents(1, 20_000);
  expect(JSON.parse(event.data)).toMatchObject({
    id: exportId,
    status: 'error',
    message: INTERRUPTED_BY_CRASH,
  });
  hub.close();

  const download = await fetch(`${url}/downloads/excel?id=${exportId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${again}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(download.status).toBe(410);
  expect(download.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(((await download.json()) as { detail: string }).detail).toMatch(
    /^Une erreur est survenue/,
  );

  // The importer's browser hears its import's end too.
  const follower = await subscribe(url, [importTopic], again);
  expect(follower.status).toBe(200);
  const [ended] = await follower.waitForEvents(1, 20_000);
  expect(JSON.parse(ended.data)).toMatchObject({ status: 'error', message: IMPORT_INTERRUPTED });
  follower.close();

  // Stopped hard again: PGlite's files are then read by this test (the graceful stop has tests
  // of its own: shutdown.test.ts, export-shutdown.test.ts).
  child.process.kill('SIGKILL');
  await child.exited;
  const [file] = await query<{ status: string; message: string; chunks: number }>(
    `SELECT status, message, (SELECT count(*)::int FROM export_chunk WHERE export_id = id) AS chunks
     FROM export_file WHERE id = $1`,
    [exportId],
  );
  expect(file).toEqual({ status: 'error', message: INTERRUPTED_BY_CRASH, chunks: 0 });
  const [log] = await query<{ process_status: string; error_message: string }>(
    'SELECT process_status, error_message FROM user_import_log WHERE hub_topic = $1',
    [importTopic],
  );
  expect(log).toEqual({ process_status: 'failed', error_message: IMPORT_INTERRUPTED });
  if (onPostgres) {
    const [live] = await query<{ status: string }>('SELECT status FROM export_file WHERE id = $1', [
      liveExport,
    ]);
    expect(live.status).toBe('running');
  }
}, 480_000);
