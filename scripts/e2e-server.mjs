// Starts the real server for the end-to-end tests on a fresh embedded database (PGlite in a
// new folder under var/e2e), so every run signs in against freshly seeded demo accounts.
// Usage: node scripts/e2e-server.mjs <port> [KEY=VALUE ...]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from './build-server.mjs';

const [port, ...pairs] = process.argv.slice(2);
const dataDir = `var/e2e/${port}`;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const extra = Object.fromEntries(pairs.map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // The tests sign in as the demo accounts, whatever the developer's own DEMO_DATA says.
    DEMO_DATA: 'true',
    OIDC_ISSUER: '',
    MAINTENANCE: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
