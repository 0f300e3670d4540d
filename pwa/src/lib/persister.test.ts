import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createFlushingPersister } from './persister';

const client = (n: number): PersistedClient => ({ timestamp: n, buster: 'b', clientState: { mutations: [], queries: [] } });

describe('the query cache persister (persister.ts)', () => {
  it('writes the latest state at once when the page is left or hidden, not only a second later', async () => {
    localStorage.clear();
    const page = new EventTarget() as EventTarget & { document: { visibilityState: DocumentVisibilityState } };
    page.document = { visibilityState: 'visible' };
    const persister = createFlushingPersister(localStorage, 'k', page as never);
    await persister.persistClient(client(1));
    await persister.persistClient(client(2));
    expect(localStorage.getItem('k')).toBeNull(); // the throttled write is a second away
    page.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual(client(2));
    expect(await persister.restoreClient()).toEqual(client(2));

    await persister.persistClient(client(3));
    page.dispatchEvent(new Event('visibilitychange')); // still visible: nothing yet
    expect(JSON.parse(localStorage.getItem('k')!).timestamp).toBe(2);
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(JSON.parse(localStorage.getItem('k')!).timestamp).toBe(3);

    await persister.removeClient();
    page.dispatchEvent(new Event('pagehide')); // nothing pending after a remove
    expect(localStorage.getItem('k')).toBeNull();
  });
});
