/**
 * Setup of the pwa unit-test project (root vitest.config.ts, jsdom): an in-memory IndexedDB for
 * Dexie, and Testing Library cleanup after each test (vitest globals are off, so it is not automatic).
 */
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
