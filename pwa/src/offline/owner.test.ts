/**
 * `whenCacheOwnerSet` (engine.ts): a screen that stores what it fetched waits for the change of
 * owner `setSyncUser` queues, because a first sign-in on a device clears the database (the
 * sign-out rule, collections.setCacheOwner). Seen in the browser: the scheduler's board, fetched
 * before the engine started after the first screen, was saved and then cleared.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@portal/shared';
import { registerCollection } from './collections';
import { whenCacheOwnerSet } from './engine';
import { META, freshDb, getMeta, setOfflineDb, setSyncUser } from './model-server.testkit';

const plain: PublicUser = { id: 'u-1', username: 'casey', email: null, role: 'user' };
const record = { collection: 'scheduler', id: 'today|UTC|all', data: { saved: true } };
const pending = Symbol('pending');

describe('whenCacheOwnerSet', () => {
  it('waits until the engine is told who is signed in, and resolves after the first clearing', async () => {
    const { db } = freshDb();
    setOfflineDb(db);

    const owner = whenCacheOwnerSet();
    expect(await Promise.race([owner, new Promise((r) => setTimeout(() => r(pending), 50))])).toBe(pending);

    // Saved at once (the old way): the first owner's clearing deletes it.
    await db.records.put(record);
    const waitedSave = owner.then(() => db.records.put({ ...record, id: 'week|UTC|all' }));
    await setSyncUser(plain);
    await waitedSave;

    expect(await getMeta(db, META.owner)).toBe(plain.id);
    expect((await db.records.toArray()).map((r) => r.id)).toEqual(['week|UTC|all']);
  });

  it('a later change of user makes it wait for that clearing too', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    await setSyncUser(plain);
    await whenCacheOwnerSet();
    await db.records.put(record);

    const next = { ...plain, id: 'u-2', username: 'drew' };
    const done = setSyncUser(next);
    await whenCacheOwnerSet();
    expect(await getMeta(db, META.owner)).toBe(next.id);
    expect(await db.records.count()).toBe(0);
    await done;
  });

  it('the same user told again (the fresh record from GET /api/auth/me) does not wait behind the sync already running', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pulling = false;
    // A collection whose pull lasts until released: the first full pull of a loaded phone.
    const unregister = registerCollection({
      name: 'slow',
      async pull(since) {
        pulling = true;
        await gate;
        return since;
      },
      clear: async () => undefined,
    });
    try {
      const tech: PublicUser = { ...plain, id: 'u-3', username: 'tess', role: 'technician' };
      const first = setSyncUser(tech);
      await whenCacheOwnerSet();
      await vi.waitFor(() => expect(pulling).toBe(true));

      const again = setSyncUser({ ...tech });
      const settled = await Promise.race([whenCacheOwnerSet().then(() => 'set'), new Promise((r) => setTimeout(() => r(pending), 50))]);
      expect(settled).toBe('set');
      expect(await getMeta(db, META.owner)).toBe(tech.id);
      release();
      await Promise.all([first, again]);
    } finally {
      release();
      unregister();
    }
  });
});
