import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseExists } from './databaseExists';

const realIndexedDb = globalThis.indexedDB;
afterEach(() => {
  Object.defineProperty(globalThis, 'indexedDB', { value: realIndexedDb, configurable: true, writable: true });
});

function fakeDatabases(names: () => string[]) {
  const databases = vi.fn(async () => names().map((name) => ({ name, version: 1 })));
  Object.defineProperty(globalThis, 'indexedDB', { value: { databases }, configurable: true, writable: true });
  return databases;
}

describe('databaseExists', () => {
  it('answers from one read of the list for calls made while it is pending, and reads again later', async () => {
    const held = ['portal-offline'];
    const databases = fakeDatabases(() => held);
    expect(await Promise.all([databaseExists('portal-offline'), databaseExists('portal-drafts')])).toEqual([true, false]);
    expect(databases).toHaveBeenCalledTimes(1);

    held.push('portal-drafts'); // created since: a later call sees it
    expect(await databaseExists('portal-drafts')).toBe(true);
    expect(databases).toHaveBeenCalledTimes(2);
  });

  it('resolves true when the browser cannot tell (no list, or the read fails)', async () => {
    Object.defineProperty(globalThis, 'indexedDB', { value: {}, configurable: true, writable: true });
    expect(await databaseExists('portal-offline')).toBe(true);
    Object.defineProperty(globalThis, 'indexedDB', { value: { databases: () => Promise.reject(new Error('blocked')) }, configurable: true, writable: true });
    expect(await databaseExists('portal-offline')).toBe(true);
  });
});
