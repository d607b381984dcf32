// The benchmark's settings read from the environment, shared by its parts (bench/run.ts and
// bench/search/run.ts read the same database and the same switches).
const env = process.env;

export const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';

/** A positive number from the environment, or the fallback; anything else stops the run. */
export const positiveNumber = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

/** The large-seed database (BENCH_DATABASE_URL), or its quick twin at the demo scale. */
export const benchDatabaseUrl =
  env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/${quick ? 'ep_bench_quick' : 'ep_bench'}`;
