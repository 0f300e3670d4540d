/**
 * A time limit for tooling (browser tests and benchmarks): settles like `work`, or rejects after
 * `ms` milliseconds with an Error saying `what` gave no answer. For calls that have no limit of
 * their own (Playwright's `page.evaluate`, a page read the bench polls): a step that hangs then
 * fails at that step, naming it, instead of at the runner's timeout. `work` is not cancelled.
 */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
