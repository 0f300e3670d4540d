import { defineConfig } from 'vitest/config';

/**
 * Browser tests: playwright-core driving Debian's Chromium against the built app started like
 * `npm start` (see global-setup.ts). Run with `npm run test:e2e` (which builds the PWA first).
 * Files run one after another: the machine has 2 cores and each file opens a browser.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['pwa/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['pwa/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
