/**
 * When the unlocked offline vault locks itself (docs/vault.md "Customer Vault offline"; kept apart from the crypto, as
 * Bitwarden's clients keep their vault-timeout policy apart from key handling): after `idleMs`
 * without a tap or key press on `target`, and at once when the page is hidden. The clock and timers
 * are injected, so tests drive time; nothing is module state.
 */

/** Time and timers (`systemClock` in the app; a fake in tests). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Date.now and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A running idle/visibility watch: `start` arms it (again), `stop` removes every listener and timer. */
export interface LockPolicy {
  start(): void;
  stop(): void;
}

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart'] as const;
/** Activity re-arms the idle timer at most once a second (a burst of key presses costs one timer). */
const REARM_MS = 1_000;

/**
 * A lock policy that calls `onLock` after `idleMs` ms of no activity (pointer, key, touch on
 * `target`, default `document`) or when `target` becomes hidden. Call `start` on unlock and `stop`
 * on lock; `onLock` does not stop it by itself.
 */
export function createLockPolicy(options: { idleMs: number; onLock(): void; clock?: Clock; target?: Document }): LockPolicy {
  const { idleMs, onLock, clock = systemClock } = options;
  const target = options.target ?? document;
  let timer: unknown;
  let lastArm = Number.NEGATIVE_INFINITY;
  let running = false;

  const arm = () => {
    clock.clearTimeout(timer);
    lastArm = clock.now();
    timer = clock.setTimeout(onLock, idleMs);
  };
  const onActivity = () => {
    if (clock.now() - lastArm >= REARM_MS) arm();
  };
  const onVisibility = () => {
    if (target.visibilityState === 'hidden') onLock();
  };

  return {
    start() {
      arm();
      if (running) return;
      running = true;
      for (const e of ACTIVITY) target.addEventListener(e, onActivity, { passive: true, capture: true });
      target.addEventListener('visibilitychange', onVisibility);
    },
    stop() {
      clock.clearTimeout(timer);
      lastArm = Number.NEGATIVE_INFINITY;
      if (!running) return;
      running = false;
      for (const e of ACTIVITY) target.removeEventListener(e, onActivity, { capture: true });
      target.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
