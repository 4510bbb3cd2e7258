import { defineConfig } from 'vitest/config';

// Three projects, run separately by scripts/test.mjs so each prints its own count:
// unit (pure logic, no I/O), api (app.inject against a real database), web (jsdom).
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A cap, not a timing assertion: jsdom renders of lazy routes take seconds on a
          // loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
