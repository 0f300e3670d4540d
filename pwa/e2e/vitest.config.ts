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
    // expect.poll waits for what a browser does in its own time (a service worker showing a pushed
    // notification, a theme class, a status line): 1 s (vitest's default) was too short on the shared
    // 2-core machine (push.e2e failed CI with 0 notifications after 1 s). A poll still fails on a
    // wrong value; this only lets a slow right one arrive.
    expect: { poll: { timeout: 10_000 } },
  },
});
