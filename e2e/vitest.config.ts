import { defineConfig } from 'vitest/config';

// Browser journeys: one server (built web app + API on an embedded database) for the
// run, Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // axe-core on every page state the journeys reach (support/accessibility.ts).
    setupFiles: ['./support/accessibility-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // `expect.poll` waits for what the page shows; vitest's default gives up after 1 s, which
    // a refetch on a loaded machine can outlast (a figure still showing the previous period).
    expect: { poll: { timeout: 15_000 } },
    // A shared 2-core CI machine sometimes starves Chromium past a step's timeout; one
    // more try there keeps a scheduling hiccup from failing the whole run. A real defect
    // fails both tries. Locally every failure shows at once.
    retry: process.env.CI ? 1 : 0,
  },
});
