/**
 * Setup of the pwa unit-test project (root vitest.config.ts, jsdom): an in-memory IndexedDB for
 * Dexie, Testing Library cleanup after each test (vitest globals are off, so it is not automatic)
 * and a longer wait for async queries.
 */
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s (default 1 s): the outbox and Dexie work through several
// microtask and timer turns, which take longer on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
