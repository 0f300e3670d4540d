/**
 * Runs `run` once the browser is idle after the current work (requestIdleCallback), at the latest
 * after `timeoutMs` (default 1000 ms); a timer where requestIdleCallback is missing (Safari, jsdom).
 * Used to load code a page needs soon but not for its first paint (issue 16).
 * @returns a function that cancels the call if it has not run yet.
 */
export function whenIdle(run: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
