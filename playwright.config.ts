import { defineConfig } from '@playwright/test';

// End to end: Debian's Chromium (no browser download here) against the whole running stack,
// started on fresh embedded databases. One server as usual, one with MAINTENANCE=true.
// E2E_PORT moves them all (port, port + 1, and port + 2 where HydraAdmin is served), so that
// two checkouts can run side by side.
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;
export const MAINTENANCE_URL = `http://localhost:${PORT + 1}`;
/** Another origin, where @api-platform/admin's HydraAdmin is served (hydra-clients.spec.ts). */
export const HYDRA_ADMIN_URL = `http://127.0.0.1:${PORT + 2}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${PORT} CORS_ORIGINS=${HYDRA_ADMIN_URL}`,
      url: `${BASE_URL}/api/maintenance`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `node scripts/e2e-server.mjs ${PORT + 1} MAINTENANCE=true`,
      url: `${MAINTENANCE_URL}/api/maintenance`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `node node_modules/vite/bin/vite.js --config tests/e2e/hydra-admin/vite.config.ts --port ${PORT + 2}`,
      url: HYDRA_ADMIN_URL,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
