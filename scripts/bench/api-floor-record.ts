/**
 * Recording the statements node-postgres sends (the API floor's captures, api-floor.ts and
 * api-floor-create.ts): `Client.prototype.query` is wrapped while `run` runs and each statement's
 * text, parameters and prepared-statement name are kept. This process only; one capture at a time.
 */
import pg from 'pg';

/** A statement as node-postgres sent it. */
export type Recorded = { name?: string; text: string; values: unknown[] };

/** The statements node-postgres sends while `run` runs (this process only; run one capture at a time). */
export async function recordStatements(run: () => Promise<unknown>): Promise<Recorded[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Recorded[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [a, b] = args;
    if (typeof a === 'string') seen.push({ text: a, values: Array.isArray(b) ? b : [] });
    else if (a && typeof a === 'object' && 'text' in a) {
      const c = a as { name?: string; text: string; values?: unknown[] };
      // drizzle's prepared statements pass the values beside the config: query({ name, text }, values);
      // a config object reused across calls may still hold the previous call's `values` (pg sets them).
      seen.push({ ...(c.name ? { name: c.name } : {}), text: c.text, values: Array.isArray(b) ? b : (c.values ?? []) });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

