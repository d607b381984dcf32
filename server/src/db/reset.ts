// `npm run db:reset`: wipes the database the configuration names and fills it again, on
// purpose: with the demo data where DEMO_DATA is on (the default on PGlite; DEMO_DATA=true for
// a demo on PostgreSQL), else the codes and ADMIN_LOGIN's first administrator alone. PGlite:
// its data directory is removed. PostgreSQL: the public schema is dropped and recreated (every
// table, the migrations' bookkeeping included). Stop the server first: it keeps the embedded
// database open, and its lock refuses the reset meanwhile.
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from './database.ts';
import { lockDirectory } from './directoryLock.ts';
import { prepareDatabase } from './prepare.ts';

const config = loadConfigOrExit();

if (config.database.kind === 'pglite') {
  // Never under a running server: its lock is taken first (./directoryLock.ts).
  try {
    lockDirectory(config.database.dir);
  } catch (error) {
    process.stderr.write(`Database not reset: ${(error as Error).message}\n`);
    process.exit(1);
  }
  rmSync(config.database.dir, { recursive: true, force: true });
} else {
  const database = await openDatabase(config.database);
  try {
    await sql`DROP SCHEMA IF EXISTS public CASCADE`.execute(database.db);
    await sql`CREATE SCHEMA public`.execute(database.db);
  } finally {
    await database.close();
  }
}

const database = await openDatabase(config.database);
const started = performance.now();
try {
  const { migrated, firstAdmin } = await prepareDatabase(database, {
    seedScale: config.seedScale,
    demoData: config.demoData,
    firstAdmin: config.firstAdmin,
    // The large scale takes minutes: say where it is.
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const where = config.database.kind === 'pglite' ? config.database.dir : 'PostgreSQL';
  const filled = config.demoData
    ? `demo data seeded (${config.seedScale})`
    : `no demo data (DEMO_DATA is off): the codes only, ${firstAdmin ? `first administrator ${firstAdmin} created` : 'no account (ADMIN_LOGIN and ADMIN_PASSWORD create the first administrator)'}`;
  process.stdout.write(
    `Database reset (${where}): ${migrated.length} migrations applied, ${filled} in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} finally {
  await database.close();
}
