/**
 * The retry cadence of the page's sync engine while the server does not answer although the
 * browser says it is online ("lie-fi"): no `online` event will ever come, so the
 * engine asks a cheap reachability probe (connectivity.ts `probeServer`: `HEAD /api/health/live`,
 * no session, no database) every few seconds while the app is visible, and syncs as soon as it
 * answers. No DOM and no React here: the engine passes what it needs (tests pass fake timers).
 *
 * Cadence: the n-th consecutive probe (n = 0, 1, ...) waits
 * `min(PROBE_MAX_MS, PROBE_BASE_MS * PROBE_FACTOR ** n)` ms, times 1 +- {@link PROBE_JITTER}
 * (so many phones do not probe in lockstep): 3 s, 3.6 s, 4.3 s, then 5 s. The ceiling keeps
 * "sync resumes within 10 s of the server coming back" true however long the outage lasted; a
 * probe is one small HEAD request, cheap enough to repeat every 5 s while someone looks at the app.
 */

/** First probe delay after the server stopped answering (ms). */
export const PROBE_BASE_MS = 3_000;
/** Growth of the delay per probe that got no answer (slow back-off). */
export const PROBE_FACTOR = 1.2;
/** Ceiling of the delay (ms), before jitter. */
export const PROBE_MAX_MS = 5_000;
/** Relative jitter: each delay is multiplied by a factor in [1 - PROBE_JITTER, 1 + PROBE_JITTER]. */
export const PROBE_JITTER = 0.15;

/**
 * Delay before the n-th consecutive probe (ms, n >= 0), with `random` (0..1) for the jitter.
 * @example probeDelayMs(0, () => 0.5) === 3000
 */
export function probeDelayMs(n: number, random: () => number = Math.random): number {
  const base = Math.min(PROBE_MAX_MS, PROBE_BASE_MS * PROBE_FACTOR ** Math.max(0, n));
  return Math.round(base * (1 + PROBE_JITTER * (2 * random() - 1)));
}

/** What a {@link ProbeLoop} needs. */
export interface ProbeLoopDeps {
  /** Resolves true when the server answered (never rejects). */
  probe(): Promise<boolean>;
  /** Called once when a probe got an answer; the loop has stopped by then. */
  onAnswer(): void;
  /** Whether probing makes sense now (the app is visible and the browser says online). */
  allowed(): boolean;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** The loop's handle. */
export interface ProbeLoop {
  /** Starts probing (no-op while running: the back-off goes on). */
  start(): void;
  /** Stops probing; the next start begins again at {@link PROBE_BASE_MS}. */
  stop(): void;
  /** True between start and stop (or the answer). */
  readonly running: boolean;
  /** Probes sent without an answer since start. */
  readonly misses: number;
}

/**
 * Creates a probe loop: after start, waits {@link probeDelayMs}(misses), probes; an answer stops the
 * loop and calls `onAnswer`; no answer counts a miss and waits again. While `allowed()` is false
 * (hidden app, browser offline) the loop stops itself; the engine starts it again on its triggers.
 */
export function createProbeLoop(deps: ProbeLoopDeps): ProbeLoop {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const random = deps.random ?? Math.random;
  let timer: unknown = null;
  let running = false;
  let misses = 0;
  let generation = 0;

  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    running = false;
    generation += 1;
  };
  const wait = () => {
    const mine = generation;
    timer = setTimer(() => {
      timer = null;
      if (mine !== generation) return;
      if (!deps.allowed()) return stop();
      void deps.probe().then((answered) => {
        if (mine !== generation) return; // stopped (or restarted) meanwhile
        if (answered) {
          stop();
          deps.onAnswer();
        } else {
          misses += 1;
          wait();
        }
      });
    }, probeDelayMs(misses, random));
  };

  return {
    start() {
      if (running || !deps.allowed()) return;
      running = true;
      misses = 0;
      wait();
    },
    stop,
    get running() {
      return running;
    },
    get misses() {
      return misses;
    },
  };
}
