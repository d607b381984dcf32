// Once per `vitest --project api` run: the PostgreSQL test databases of this run carry its
// name (support/server.ts), and whatever a test left behind (a server it did not stop, a
// worker that crashed) is dropped at the end, so that runs do not pile databases up.
import { randomBytes } from 'node:crypto';
import { dropDatabase, withClient } from './postgres.ts';

/** The prefix of this run's test databases (workers inherit the variable). */
export const RUN_VARIABLE = 'EP_TEST_RUN';

export function setup(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  process.env[RUN_VARIABLE] = run;
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    await withClient(adminUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`ep_test_${run}_%`],
      );
      for (const { datname } of rows) await dropDatabase(admin, datname);
    });
  };
}
