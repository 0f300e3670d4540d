import { useEffect, useState, useSyncExternalStore } from 'react';
import { databaseExists } from './databaseExists';

/**
 * When a page starts the offline engine (issue 59; docs/benchmarks.md "Lighthouse against a floor").
 * Opening the engine's IndexedDB database creates it, with every table of its schema, and starting
 * the engine evaluates every registered feature's offline module: hundreds of ms of main thread on
 * a phone, right after the first paint. A visitor's first visit (no database yet) needs none of it
 * until they send something: nothing of theirs waits in an outbox and nothing is cached for them.
 * So a visitor's page starts the engine when this browser already holds its database (an earlier
 * visit may have left a request waiting), or when a public write asks for it
 * ({@link wantOfflineEngine}, lib/publicWrite.ts, before its first outbox action); staff (signed in,
 * or on a staff path) start it at once, as they did before this rule (app/App.tsx).
 */

/** IndexedDB name of the offline engine's database (offline/db.ts `OFFLINE_DB_NAME`; a test asserts they match). */
export const OFFLINE_ENGINE_DB = 'portal-offline';

let wanted = false;
const listeners = new Set<() => void>();

/** Asks the app to start the offline engine now (idempotent): a public write is about to use the outbox. */
export function wantOfflineEngine(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * Whether the page should run the offline engine: `now` (staff: signed in or on a staff path), a
 * {@link wantOfflineEngine} call, or the engine's database found in this browser (checked once on
 * mount while nothing else decided). Once true it stays true for the component's life: the engine
 * is never stopped under a page (a sign-out keeps it: it clears the signed-in user's copy itself).
 */
export function useOfflineEngineWanted(now: boolean): boolean {
  const asked = useSyncExternalStore(subscribe, () => wanted, () => false);
  const [latched, setLatched] = useState(false);
  const decided = latched || now || asked;
  useEffect(() => {
    if (decided) {
      setLatched(true);
      return;
    }
    let live = true;
    void databaseExists(OFFLINE_ENGINE_DB).then((exists) => live && exists && setLatched(true));
    return () => {
      live = false;
    };
  }, [decided]);
  return decided;
}
