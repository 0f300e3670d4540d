/**
 * `whenCacheOwnerSet(userId)` before the engine is told anyone (engine.ts; its own file for a fresh
 * engine module): on a first visit the engine mounts after the first screen (App.tsx), so a screen
 * saving what it fetched (the downloads list, the scheduler's snapshot) queues the change of owner
 * itself; the engine, told the same user later, does not clear again. Seen in CI (files.e2e): a
 * technician kept a tool and reloaded offline within that second and found no managed tools.
 */
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@portal/shared';
import { whenCacheOwnerSet } from './engine';
import { META, freshDb, getMeta, setCacheOwner, setOfflineDb, setSyncUser } from './model-server.testkit';

const tech: PublicUser = { id: 'u-1', username: 'tess', role: 'user', email: null };
const record = { collection: 'supportTools', id: 'c-1', data: { title: 'Field Agent' } };

describe('whenCacheOwnerSet(userId) on a first visit', () => {
  it('makes the database the user’s before the engine starts, and the engine then keeps what was saved', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    await setCacheOwner(db, 'u-9'); // another person used this phone before
    await db.records.put({ collection: 'supportTools', id: 'old', data: { title: 'Theirs' } });

    await whenCacheOwnerSet(tech.id);
    expect(await getMeta(db, META.owner)).toBe(tech.id);
    expect(await db.records.count()).toBe(0); // the other person's copy is gone
    await db.records.put(record);

    await setSyncUser(tech); // the engine mounts: same user, nothing cleared
    await whenCacheOwnerSet(tech.id);
    expect((await db.records.toArray()).map((r) => r.id)).toEqual(['c-1']);
  });
});
