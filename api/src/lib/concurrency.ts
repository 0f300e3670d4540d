/**
 * A small concurrency gate: at most `n` tasks run at once, the others wait in arrival order.
 * Used where a burst must not take every CPU or all memory at once (inbound SMTP imports; issue 55).
 */
export interface Gate {
  /** Runs `task` when a slot is free; resolves or rejects with it. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and waiting (for tests and logs). */
  readonly busy: number;
  readonly waiting: number;
}

/** A gate of `n` slots (n >= 1). */
export function createGate(n: number): Gate {
  let busy = 0;
  const queue: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so a new caller never jumps the queue.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy -= 1;
  };
  return {
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy >= n) await new Promise<void>((resolve) => queue.push(resolve));
      else busy += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
