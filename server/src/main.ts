// Starts the server: configuration, database (migrated, seeded on first start), HTTP.
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { banner } from './http/banner.ts';
import { isPortFree, portInUseMessage } from './http/port.ts';
import { stopOnSignals } from './http/shutdown.ts';

// V8 grows the old generation by up to 4 times what survived the last full collection: a long
// export, whose garbage is promoted batch after batch, then held 300 MiB and more while 40 MiB
// were live. Growing by 20 % collects sooner (docs/benchmarks.md, "Exports"). Not a limit:
// the heap still grows as far as the work needs.
v8.setFlagsFromString('--heap-growing-percent=20');

const config = loadConfigOrExit();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!(await isPortFree(config.port, config.host))) fail(portInUseMessage(config.port));

const database = await openDatabase(config.database).catch((error: Error) =>
  fail(`Cannot open the database (${config.database.kind}): ${error.message}`),
);
const prepared = await prepareDatabase(database, { seedScale: config.seedScale }).catch(
  (error: Error) => fail(`Cannot prepare the database: ${error.message}`),
);
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
