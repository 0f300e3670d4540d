/**
 * Retries a service worker install that failed. A worker's install fails when one precache request
 * fails (a phone losing signal while the app shell downloads, a server restarting): the worker
 * becomes redundant and, until the next page load, the browser tries no other one, so the app has
 * no offline copy all day. This watches the registration and asks for the worker again after a
 * back-off of `baseMs * 2^(failures-1)`, at most `maxMs`, while the page stays open: a failed
 * update (an older worker is active) through `registration.update()`, a failed first install by
 * registering the same script again (`update()` refuses a registration without any worker).
 *
 * A worker replaced by a newer one also ends redundant, but only after it was installed; only a
 * worker that goes from `installing` to `redundant` counts as a failed install.
 */

/** Back-off of the retries (ms). */
export interface InstallRetryOptions {
  baseMs?: number;
  maxMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Watches `registration` (from vite-plugin-pwa's onRegisteredSW) for failed installs; returns a stop function. */
export function retryFailedInstalls(registration: ServiceWorkerRegistration, options: InstallRetryOptions = {}): () => void {
  const { baseMs = 2_000, maxMs = 60_000, setTimer = (fn, ms) => setTimeout(fn, ms) } = options;
  let failures = 0;
  let stopped = false;
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || worker.state !== 'installing') return;
    const onChange = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', onChange);
      if (worker.state !== 'redundant') {
        failures = 0;
        return;
      }
      failures += 1;
      const again = () =>
        registration.active ? registration.update() : navigator.serviceWorker.register(worker.scriptURL, { scope: registration.scope });
      setTimer(() => {
        if (!stopped) void again().catch(() => {});
      }, Math.min(maxMs, baseMs * 2 ** (failures - 1)));
    };
    worker.addEventListener('statechange', onChange);
  };
  const onUpdateFound = () => watch(registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  watch(registration.installing);
  return () => {
    stopped = true;
    registration.removeEventListener('updatefound', onUpdateFound);
  };
}

/**
 * Registers `scriptUrl` again after a registration that failed (its script could not be fetched),
 * with the same back-off, until one succeeds; the new registration's installs are watched too.
 * A register that resolves without a registration (service workers blocked) ends the retries.
 */
export function registerAgain(scriptUrl: string, options: InstallRetryOptions = {}, failures = 1): void {
  const { baseMs = 2_000, maxMs = 60_000, setTimer = (fn, ms) => setTimeout(fn, ms) } = options;
  setTimer(() => {
    navigator.serviceWorker.register(scriptUrl, { scope: '/' }).then(
      // No registration at all (a browser whose service workers are blocked, e.g. a test browser's
      // setting, resolves with nothing): nothing to watch, and nothing to try again.
      (registration: ServiceWorkerRegistration | undefined) => void (registration && retryFailedInstalls(registration, options)),
      () => registerAgain(scriptUrl, options, failures + 1),
    );
  }, Math.min(maxMs, baseMs * 2 ** (failures - 1)));
}
