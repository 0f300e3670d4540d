/** Holds taken by {@link holdIdle} that are still active, and the idle work waiting for them. */
let holds = 0;
const held: (() => void)[] = [];

/**
 * Runs `run` once the browser is idle after the current work (requestIdleCallback), at the latest
 * after `timeoutMs` (default 1000 ms); a timer where requestIdleCallback is missing (Safari, jsdom).
 * While a page is not usable yet ({@link holdIdle}, e.g. it shows `Loading...` while it waits for
 * the server) the call waits until it is. Used to load code a page needs soon but not for its first
 * paint.
 * @returns a function that cancels the call if it has not run yet.
 */
export function whenIdle(run: () => void, timeoutMs = 1000): () => void {
  let cancelled = false;
  const go = () => {
    if (cancelled) return;
    if (holds > 0) held.push(go);
    else run();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(go, { timeout: timeoutMs });
    return () => {
      cancelled = true;
      window.cancelIdleCallback(id);
    };
  }
  const timer = setTimeout(go, 0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/**
 * Says the page is not usable yet (e.g. the survey page checks its link before it shows the form):
 * {@link whenIdle} work waits until every hold is released (the browser is idle while a page waits
 * for the network, but code loaded then competes with the page the visitor came for), at the
 * latest `maxMs` (default 5 s) after the hold was taken. `lib/ui/Loading` holds while it is shown.
 * @returns the release function (calling it again does nothing).
 */
export function holdIdle(maxMs = 5000): () => void {
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds -= 1;
    if (holds === 0) for (const go of held.splice(0)) whenIdle(go);
  };
  const timer = setTimeout(release, maxMs);
  return release;
}
