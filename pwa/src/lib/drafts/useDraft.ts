import { useCallback, useEffect, useRef, useState } from 'react';
import { databaseExists } from '../databaseExists';
import { whenIdle } from '../idle';
import { lazyModule } from '../lazyModule';
import { DRAFTS_DB } from './owner';
import type { DraftValues } from './store';

/** The store, loaded on first use (keeps IndexedDB code out of a page's first JS). */
const store = lazyModule(() => import('./store'));

/** True once the drafts database is known to exist (found, or written by this page). */
let stored = false;
/**
 * Whether the drafts database may hold a draft, asked without opening it (an open creates it). A
 * browser without it (a first visit) has nothing to restore or delete, so the form's page loads no
 * store and creates no database until something is typed (issue 59: Dexie and a new database right
 * after a public page's first paint).
 */
async function draftsStored(): Promise<boolean> {
  if (!stored && (await databaseExists(DRAFTS_DB))) stored = true;
  return stored;
}
/** Deletes the draft `key` of `owner` if the database exists; never creates it. */
const clearStored = (key: string, owner: string): Promise<void> => draftsStored().then((exists) => (exists ? store().then((s) => s.clearDraft(key, owner)) : undefined));
/** A change is written this long after the last keystroke (and at once when the page is hidden). */
export const DRAFT_SAVE_DELAY_MS = 300;

/** What a form does with its draft. */
export interface DraftControl {
  /** True once a stored draft was put back into the form, until it is submitted or discarded. */
  restored: boolean;
  /** 'Discard draft': deletes the stored draft; the caller resets its form. */
  discard(): void;
  /** After a submit: deletes the stored draft; the values as they are now are not saved again. */
  clear(): void;
}

/**
 * Keeps one form's draft in IndexedDB (./store.ts; docs/offline.md "Drafts"). Once the page is idle after mounting it reads
 * the draft `key` of `owner` and hands it to `onRestore` (then `restored` is true) unless the form
 * was already changed meanwhile (what was typed wins, and is saved as the draft); afterwards every
 * change of `values` is saved {@link DRAFT_SAVE_DELAY_MS} later, or deleted when `empty`, and a
 * pending save is written at once when the page is hidden (a phone may kill it next).
 * `values` must hold ONLY what may be stored: never a secret. `key` or `owner` null turns drafts off.
 * IndexedDB failures are ignored (a draft is a convenience; the form works without it).
 */
export function useDraft<V extends DraftValues>(options: { key: string | null; owner: string | null; values: V; empty: boolean; onRestore(values: Partial<V>): void }): DraftControl {
  const { key, owner, values, empty, onRestore } = options;
  const [loaded, setLoaded] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const json = JSON.stringify(values);
  const skip = useRef<string | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ json, onRestore });
  /** The values when the form opened: a draft read later never replaces what was typed since. */
  const opened = useRef(json);
  useEffect(() => {
    latest.current = { json, onRestore };
  });
  const id = key !== null && owner !== null ? `${owner}\u0000${key}` : null;

  useEffect(() => {
    if (key === null || owner === null) return;
    let live = true;
    // Read once the page is usable (whenIdle): the store's IndexedDB code is never in a page's first load.
    const cancel = whenIdle(() => {
      void draftsStored()
        .then((exists) => (exists ? store().then((s) => s.loadDraft(key, owner)) : null))
        .then(
          (draft) => {
            if (!live) return;
            if (draft && latest.current.json === opened.current) {
              latest.current.onRestore(draft as Partial<V>);
              setRestored(true);
            }
            setLoaded(`${owner}\u0000${key}`);
          },
          () => live && setLoaded(`${owner}\u0000${key}`),
        );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [key, owner]);

  useEffect(() => {
    if (id === null || loaded !== id || key === null || owner === null) return;
    if (skip.current !== null) {
      if (skip.current === json) return;
      skip.current = null;
    }
    const write = () => {
      if (pending.current !== write) return; // cleared, discarded or replaced meanwhile
      pending.current = null;
      const done = empty
        ? clearStored(key, owner)
        : store().then((s) => {
            stored = true;
            return s.saveDraft(key, owner, JSON.parse(json) as DraftValues);
          });
      void done.catch(() => undefined);
    };
    pending.current = write;
    timer.current = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [id, loaded, key, owner, json, empty]);

  // The page is going away or to the background: write what is pending now.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === 'hidden') pending.current?.();
    };
    const now = () => pending.current?.();
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('pagehide', now);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('pagehide', now);
      now();
    };
  }, []);

  const remove = useCallback(() => {
    pending.current = null;
    clearTimeout(timer.current);
    setRestored(false);
    if (key !== null && owner !== null) void clearStored(key, owner).catch(() => undefined);
  }, [key, owner]);
  const discard = useCallback(() => {
    skip.current = null;
    remove();
  }, [remove]);
  const clear = useCallback(() => {
    skip.current = latest.current.json;
    remove();
  }, [remove]);
  return { restored, discard, clear };
}
