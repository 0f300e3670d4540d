import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API integration tests (`npm run test:unit`). Browser tests have their own config in
 * pwa/e2e/vitest.config.ts. Projects keep node and jsdom environments apart.
 */
export default defineConfig({
  test: {
    // One test file per core. vitest's default (cores - 1) runs one file at a time on a 2-core
    // machine, where the API files spend much of their time waiting on sockets, timers and child
    // processes: two at once took the unit run from 14 to 9 minutes there.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite cluster per run, loaded by every test database (test/pglite-template.ts).
          globalSetup: ['api/src/test/pglite-template.ts'],
          // The API files share their workers' module cache: every file imports the whole app, and
          // importing it again per file cost more time than the tests. Each file opens its own
          // database and app (test/app.ts), so no state crosses files. The pwa project stays
          // isolated: its screens keep module-level stores (jsdom, IndexedDB, query clients).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pwa',
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['pwa/src/test-setup.ts'],
          // A screen test takes several steps, each allowed Testing Library's 5 s wait
          // (test-setup.ts); vitest's 5 s default for the whole test timed out whole files on a
          // loaded 2-core machine (and the harness then closed the database under the still running
          // test: DatabaseClosedError). The API project allows 30 s for the same reason.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
