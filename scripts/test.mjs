// `npm test`: every check and every test, in the order that fails fastest.
//   lint + format (Biome); the unit tests beside the type-check and the SPA and server build;
//   the API tests on PGlite beside those on the PostgreSQL server (TEST_DATABASE_URL, default
//   the local one; required when CI=true); then end to end in Debian's Chromium (installed
//   here when missing).
// Ends with one line "Tests: N passed, N failed" over every runner.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function run(title, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    return false;
  }
  console.log(`✔ ${title} (${seconds} s)`);
  return true;
}

/**
 * The same as run(), without blocking: for steps that share the machine well (the API tests on
 * PGlite spend most of their time in one WASM thread, those on PostgreSQL in the server). The
 * output is kept and printed whole when the step ends, so two steps never interleave their logs.
 */
function runAside(title, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${title} (alongside)`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`\n━━ ${title}: output ━━`);
      process.stdout.write(Buffer.concat(output));
      if (status === 0) console.log(`✔ ${title} (${seconds} s)`);
      else console.error(`✖ ${title} failed (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

function vitestArgs(project, out) {
  return [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
}

function vitest(project, label, env = {}) {
  const out = `test-results/${label}.json`;
  const ok = run(`Vitest: ${label}`, process.execPath, vitestArgs(project, out), env);
  countVitest(out);
  return ok;
}

async function vitestAside(project, label, env = {}) {
  const out = `test-results/${label}.json`;
  const ok = await runAside(`Vitest: ${label}`, process.execPath, vitestArgs(project, out), env);
  countVitest(out);
  return ok;
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('timeout', () => resolve(socket.destroy() && false));
    socket.once('error', () => resolve(false));
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `\nChromium is needed for the end-to-end tests and was not found at ${CHROMIUM}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.',
    );
    return false;
  }
  return (
    run('Install Chromium from Debian (apt-get update)', 'apt-get', ['update', '-qq']) &&
    run('Install Chromium from Debian', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
}

/** The SPA, then the server; the API tests need both (the server serves dist/, some open pages). */
async function build() {
  return (
    (await runAside('Build the SPA (vite build)', process.execPath, [
      'node_modules/vite/bin/vite.js',
      'build',
      '--logLevel',
      'warn',
    ])) &&
    (await runAside('Build the server (esbuild)', process.execPath, ['scripts/build-server.mjs']))
  );
}

async function main() {
  rmSync('test-results', { recursive: true, force: true });
  mkdirSync('test-results', { recursive: true });
  const steps = [];
  const step = (ok) => {
    steps.push(ok);
    return ok;
  };

  step(
    run('Lint and format (Biome)', process.execPath, [
      'node_modules/@biomejs/biome/bin/biome',
      'check',
      '.',
    ]),
  );
  // The type-check and the builds beside the unit tests: each is mostly one process, and
  // the builds are needed only by the API tests that follow.
  const typeCheckThenBuild = async () => {
    const typed = await runAside('Type-check (tsc)', process.execPath, [
      'node_modules/typescript/bin/tsc',
      '--noEmit',
      '-p',
      'tsconfig.json',
    ]);
    return [typed, await build()];
  };
  const [[types, built], unit] = await Promise.all([
    typeCheckThenBuild(),
    vitestAside('unit', 'unit'),
  ]);
  step(types);
  step(unit);
  step(built);
  // Both API runs side by side: each file has its own database, so they share nothing but the
  // machine (on 2 cores this saves about a third of their time).
  if (await reachable(PG_URL)) {
    const [pglite, postgres] = await Promise.all([
      vitestAside('api', 'api-pglite', { TEST_DATABASE_URL: '' }),
      vitestAside('api', 'api-postgres', { TEST_DATABASE_URL: PG_URL }),
    ]);
    step(pglite);
    step(postgres);
  } else {
    step(vitest('api', 'api-pglite', { TEST_DATABASE_URL: '' }));
    if (CI) {
      console.error(`✖ CI needs the PostgreSQL server at ${PG_URL} for the API tests.`);
      step(false);
    } else {
      console.log(`\n• No PostgreSQL server at ${PG_URL}: the API tests ran on PGlite only.`);
    }
  }
  if (built && step(ensureChromium())) {
    step(
      run('End to end (Playwright, Chromium)', process.execPath, [
        'node_modules/@playwright/test/cli.js',
        'test',
      ]),
    );
    countPlaywright('test-results/e2e.json');
  }

  const failedSteps = steps.filter((ok) => !ok).length;
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(
    `\n${failedSteps === 0 ? 'All checks passed' : `${failedSteps} step(s) failed`} in ${minutes} min.`,
  );
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
}

main();
