import { defineConfig } from 'vitest/config';

/**
 * Unit and API integration tests (`npm run test:unit`). Browser tests have their own config in
 * pwa/e2e/vitest.config.ts. Projects keep node and jsdom environments apart.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          environment: 'node',
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
