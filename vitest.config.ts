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
        },
      },
    ],
  },
});
