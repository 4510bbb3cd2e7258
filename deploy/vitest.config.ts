import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: three API processes behind HAProxy (deploy/haproxy.cfg) on the
// machine's PostgreSQL and Redis, then the short fault suite on servers of its own.
// One file at a time: each starts a whole deployment.
export default defineConfig({
  test: {
    name: 'deploy',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // Caps, not timing assertions: starting four processes on a loaded 2-core machine takes minutes.
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
  },
});
