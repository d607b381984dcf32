import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (domain rules, providers, components with msw, in jsdom) and `api`
// (the real server over HTTP against a real database). Playwright's tests/e2e is not Vitest's.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/unit/setup.ts'],
          // A file per core: Vitest's default leaves one core to its own process, which idles
          // (on 2 cores, half the machine; npm test runs the type-check and builds beside).
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Names this run's PostgreSQL test databases and drops any left at its end.
          globalSetup: ['tests/api/support/globalSetup.ts'],
          // One server and database per file; files run one after another on 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
