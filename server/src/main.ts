// Starts the server: configuration, database (migrated, seeded on first start), HTTP.
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { banner } from './http/banner.ts';
import { isPortFree, portInUseMessage } from './http/port.ts';
import { stopOnSignals } from './http/shutdown.ts';

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
