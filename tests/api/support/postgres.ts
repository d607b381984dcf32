// The small pieces every PostgreSQL set-up here needs (the test databases, their seeded
// template, the benchmarks' databases): one client for a few statements, a database dropped
// whoever still uses it, and the address of another database on the same server.
import pg from 'pg';

/** A client connected to `url` for `use`, ended afterwards whatever happens. */
export async function withClient<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Drops database `name` if it exists, ending whatever sessions still use it. */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
}

/** The address of database `name` on the server `url` points at. */
export function urlOfDatabase(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
