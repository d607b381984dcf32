// The yardstick of issue 19: the least a server can do for a page of the contract list.
// Fastify and pg, nothing else: the very statements the product ran for that page (captured
// by bench/api/captureSql.ts, replayed as bench/api/sql.ts does: same groups at once, same
// prepared names, same type parsers), their rows sent back as JSON. No sign-in, no scope, no
// Hydra, no log. Run as a child process by startBareServer (bench/api/server.ts):
//   node --import tsx bench/api/bareServer.ts <plans.json>   (PORT, DATABASE_URL)
// GET /<n> answers plan n of the file.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { benchPool, runPlan, type StatementPlan } from './sql.ts';

/** The product's pool size (server/src/db/database.ts): both sides hold as many connections. */
const POOL_MAX = 10;

const plans = JSON.parse(readFileSync(process.argv[2], 'utf8')) as StatementPlan[];
const pool = benchPool(String(process.env.DATABASE_URL), POOL_MAX);
const app = Fastify({ logger: false });

app.get<{ Params: { n: string } }>('/:n', async (request, reply) => {
  const plan = plans[Number(request.params.n)];
  if (!plan) return reply.code(404).send();
  const results = await runPlan(pool, plan);
  return { results: results.map((result) => result.rows) };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
