// Starts the server: configuration, database (migrated, filled on first start, refused with
// demo passwords outside a demo), HTTP.
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';
import { demoPasswordRefusal } from './db/demoPasswords.ts';
import { prepareDatabase } from './db/prepare.ts';
import { banner } from './http/banner.ts';
import { hostUnusableMessage, isPortFree, portInUseMessage } from './http/port.ts';
import { stopOnSignals } from './http/shutdown.ts';

const config = loadConfigOrExit();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** What went wrong, in words: PGlite's file system throws objects with a code, no message. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  if (code !== undefined || errno !== undefined) {
    return `file system error ${code ?? errno}: check that DATA_DIR can be written by this user`;
  }
  return String(error);
}

const portFree = await isPortFree(config.port, config.host).catch((error: unknown) =>
  fail(hostUnusableMessage(config.host, error)),
);
if (!portFree) fail(portInUseMessage(config.port));

const database = await openDatabase(config.database).catch((error: unknown) =>
  fail(`Cannot open the database (${config.database.kind}): ${reasonOf(error)}`),
);
const prepared = await prepareDatabase(database, {
  seedScale: config.seedScale,
  demoData: config.demoData,
  firstAdmin: config.firstAdmin,
}).catch((error: Error) => fail(`Cannot prepare the database: ${error.message}`));
// A real installation never starts with the demo's published password (issue 18, point 7).
const refusal = config.demoData ? undefined : await demoPasswordRefusal(database.db);
if (refusal) {
  await database.close();
  fail(refusal);
}
const app = await buildApp({ config, database });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  // Taken between the check and now: the same clear message.
  await database.close();
  fail(portInUseMessage(config.port));
}
stopOnSignals(app, database);
process.stdout.write(banner(config, prepared));
