/** The app checks for the engine's database by name before starting it (lib/offlineStart.ts): the names must match. */
import { describe, expect, it } from 'vitest';
import { OFFLINE_ENGINE_DB } from '../lib/offlineStart';
import { OFFLINE_DB_NAME } from './db';

describe('the offline database name', () => {
  it('is the one lib/offlineStart looks for', () => {
    expect(OFFLINE_ENGINE_DB).toBe(OFFLINE_DB_NAME);
  });
});
