/** A visitor's first visit starts no offline engine and creates no database until a write needs them (issue 59). */
import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { databaseExists } from './databaseExists';
import { useDraft } from './drafts/useDraft';
import { DRAFTS_DB } from './drafts/owner';
import { loadDraft } from './drafts/store';
import { OFFLINE_ENGINE_DB, useOfflineEngineWanted, wantOfflineEngine } from './offlineStart';

const names = async () => (await indexedDB.databases()).map((d) => d.name);

describe('offline start on a visitor page', () => {
  it('tells whether a database exists without creating it', async () => {
    expect(await databaseExists('lh-probe')).toBe(false);
    expect(await names()).not.toContain('lh-probe');
    const db = new Dexie('lh-probe');
    db.version(1).stores({ t: 'id' });
    await db.open();
    db.close();
    expect(await databaseExists('lh-probe')).toBe(true);
  });

  it('keeps the engine once wanted: staff who sign out keep it for the page (before any public write asked for it)', async () => {
    const page = renderHook(({ staff }) => useOfflineEngineWanted(staff), { initialProps: { staff: true } });
    expect(page.result.current).toBe(true);
    page.rerender({ staff: false });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(page.result.current).toBe(true);
  });

  it('wants the engine for staff at once, for a visitor only when asked or when its database exists', async () => {
    expect(renderHook(() => useOfflineEngineWanted(true)).result.current).toBe(true);
    const visitor = renderHook(() => useOfflineEngineWanted(false));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(visitor.result.current).toBe(false);
    expect(await names()).not.toContain(OFFLINE_ENGINE_DB);
    act(() => wantOfflineEngine());
    expect(visitor.result.current).toBe(true);
  });

  it('a form with nothing typed creates no drafts database; the first change does, and is restored', async () => {
    const useForm = (values: { issue: string }) => useDraft({ key: 'support:request', owner: 'public', values, empty: values.issue === '', onRestore: () => undefined });
    const form = renderHook(useForm, { initialProps: { issue: '' } });
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(await names()).not.toContain(DRAFTS_DB);
    form.rerender({ issue: 'Printer jams' });
    await waitFor(async () => expect(await loadDraft('support:request', 'public')).toEqual({ issue: 'Printer jams' }));
    expect(await names()).toContain(DRAFTS_DB);
  });
});
