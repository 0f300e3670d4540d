import { useEffect, useState } from 'react';
import { useAuth } from './lib/auth';
import { OfflineSync } from './offline';
import { registerPublicOfflineFeatures } from './offline-registry-public';

/** Loads and registers every feature's offline part (offline-registry.ts) once; one shared promise. */
let everyFeature: Promise<void> | null = null;
let everyDone = false;
const registerEveryFeature = (): Promise<void> =>
  (everyFeature ??= import('./offline-registry').then(
    (m) => {
      m.registerOfflineFeatures();
      everyDone = true;
    },
    (err: unknown) => {
      everyFeature = null; // no signal before the chunk was ever fetched: the next try fetches it again
      throw err;
    },
  ));

/** A failed load of the full list is tried again this often (ms). */
const RETRY_MS = 5_000;

registerPublicOfflineFeatures();

/**
 * The page's offline engine (loaded by main.tsx after the first paint, mounted by app/App.tsx):
 * registers the offline parts the signed-in person needs, then runs OfflineSync (sync triggers, who
 * is signed in, feedback toasts).
 *
 * A visitor gets the public pages' kinds only (offline-registry-public.ts: no collection, no staff
 * schema). Anyone signed in gets every feature's part (offline-registry.ts), and OfflineSync is
 * rendered only once they are registered: it tells the engine who is signed in, which starts the
 * first pull, and a pull started before the staff collections were registered would skip them. So
 * on a sign-in OfflineSync is unmounted for as long as the full list takes to load (its engine
 * triggers are removed meanwhile and installed again; the outbox and the cache are untouched), then
 * mounted with the new user.
 */
export default function OfflineRuntime() {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const [everyRegistered, setEveryRegistered] = useState(() => everyDone);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!signedIn || everyRegistered) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void registerEveryFeature().then(
      () => live && setEveryRegistered(true),
      () => {
        if (live) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [signedIn, everyRegistered, attempt]);
  return signedIn && !everyRegistered ? null : <OfflineSync />;
}
