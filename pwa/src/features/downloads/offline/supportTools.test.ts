import { describe, expect, it } from 'vitest';
import type { ContentItem } from '@portal/shared';
import { freshDb } from '../../../offline/model-server.testkit';
import { PULL_EVERY_MS, readSupportTools, storeSupportTools, supportToolsCollection } from '.';

const item = (over: Partial<ContentItem>): ContentItem => ({
  id: crypto.randomUUID(),
  title: 'Tool',
  description: null,
  type: 'installer',
  category: 'Support Tools',
  fileName: 'tool.exe',
  version: null,
  platform: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  fileSize: 10,
  ...over,
});

describe('the supportTools collection (downloads offline)', () => {
  it('keeps only active Support Tools items with a file, by title', async () => {
    const { db } = freshDb();
    await storeSupportTools(db, [
      item({ title: 'Zeta' }),
      item({ title: 'Alpha' }),
      item({ title: 'Hidden', isActive: false }),
      item({ title: 'Doc', category: 'Documentation' }),
      item({ title: 'No file', fileName: null }),
    ]);
    expect((await readSupportTools(db)).map((i) => i.title)).toEqual(['Alpha', 'Zeta']);
  });

  it('pulls the list at most every PULL_EVERY_MS', async () => {
    const { db } = freshDb();
    let clock = 1_000_000;
    let calls = 0;
    const collection = supportToolsCollection(() => clock);
    const get = async <T,>() => {
      calls += 1;
      return [item({ title: `v${calls}` })] as T;
    };
    const first = await collection.pull(null, { db, get });
    expect(first).toBe(String(clock));
    clock += PULL_EVERY_MS - 1;
    expect(await collection.pull(first, { db, get })).toBe(first);
    expect(calls).toBe(1);
    clock += 1;
    expect(await collection.pull(first, { db, get })).toBe(String(clock));
    expect((await readSupportTools(db)).map((i) => i.title)).toEqual(['v2']);
    await collection.clear(db);
    expect(await readSupportTools(db)).toEqual([]);
  });
});
