/**
 * rate-limiter-flexible's RateLimiterPostgres with its counting upserts batched: every `consume`
 * (and `penalty`/`reward`) of one event-loop turn goes to PostgreSQL as ONE multi-row upsert
 * instead of one statement each.
 *
 * Why (docs/decisions.md "Rate-limit counts"): on PostgreSQL every counted request upserts its
 * address's row. At a few thousand public creates a second those single-row statements were the
 * largest share of the API thread (a socket write and read per request: 597 creates/s against 861
 * with counts in memory on the profiling run); batched, a burst costs one round trip per turn.
 *
 * Semantics are the library's, row for row: the window restarts when the stored `expire` has
 * passed, otherwise the points add up. Several counts of one key in a batch are summed into one
 * row change, and each caller is answered with the total as it stood after its own points (in
 * call order), so `consume` 6 times on a budget of 5 in one turn still refuses exactly the 6th.
 * Keys are written in sorted order, so concurrent batches (other processes) lock rows in the same
 * order and cannot deadlock. `block` and other forced writes (a new expiry) use the library's own
 * statement unchanged. A failed batch fails each of its calls, so each falls back to the insurance
 * limiter as before.
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/** Most keys one batched statement writes; more calls in one turn go in the next statement. */
export const MAX_BATCH_KEYS = 500;

/** The result shape the library's `_getRateLimiterRes` reads (pg's QueryResult, first row only). */
interface UpsertResult {
  rows: { points: number; expire: string | number | null }[];
}

/** The library's internal store methods this class uses (not in its type declarations). */
interface StoreInternals {
  _upsert(key: string, points: number, msDuration: number, forceExpire?: boolean): Promise<UpsertResult>;
  _query(q: { name?: string; text: string; values: unknown[] }): Promise<{ rows: { key: string; points: number; expire: string | null }[] }>;
  _getTableIdentifier(): string;
  tableCreated: boolean;
}

interface PendingCount {
  key: string;
  points: number;
  msDuration: number;
  resolve(result: UpsertResult): void;
  reject(err: unknown): void;
}

const libraryUpsert = (RateLimiterPostgres.prototype as unknown as StoreInternals)._upsert;

/** RateLimiterPostgres whose counts of one event-loop turn are one statement (module doc). */
export class BatchedRateLimiterPostgres extends RateLimiterPostgres {
  private pending: PendingCount[] = [];
  private flushScheduled = false;

  /** Called by the library for every count; forced writes go straight to its own statement. */
  _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<UpsertResult> {
    if (forceExpire || !(this as unknown as StoreInternals).tableCreated) return libraryUpsert.call(this, key, points, msDuration, forceExpire);
    return new Promise((resolve, reject) => {
      this.pending.push({ key, points, msDuration, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch: PendingCount[] = [];
    const keys = new Set<string>();
    const rest: PendingCount[] = [];
    for (const p of this.pending) {
      if (keys.has(p.key) || keys.size < MAX_BATCH_KEYS) {
        keys.add(p.key);
        batch.push(p);
      } else rest.push(p);
    }
    this.pending = rest;
    if (rest.length > 0) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    void this.write(batch);
  }

  private async write(batch: PendingCount[]): Promise<void> {
    const now = Date.now();
    const byKey = new Map<string, { total: number; expire: number | null; callers: { p: PendingCount; upTo: number }[] }>();
    for (const p of batch) {
      let group = byKey.get(p.key);
      if (!group) {
        group = { total: 0, expire: p.msDuration > 0 ? now + p.msDuration : null, callers: [] };
        byKey.set(p.key, group);
      }
      group.total += p.points;
      group.callers.push({ p, upTo: group.total });
    }
    const sorted = [...byKey.keys()].sort();
    const self = this as unknown as StoreInternals;
    const table = self._getTableIdentifier();
    try {
      const result = await self._query({
        name: 'rlflx-upsert-batch',
        text: `
          INSERT INTO ${table} (key, points, expire)
            SELECT b.key, b.points, b.expire FROM unnest($1::varchar[], $2::int[], $3::bigint[]) AS b(key, points, expire)
          ON CONFLICT (key) DO UPDATE SET
            points = CASE WHEN ${table}.expire <= $4 THEN excluded.points ELSE ${table}.points + excluded.points END,
            expire = CASE WHEN ${table}.expire <= $4 THEN excluded.expire ELSE ${table}.expire END
          RETURNING key, points, expire`,
        values: [sorted, sorted.map((k) => byKey.get(k)!.total), sorted.map((k) => byKey.get(k)!.expire), now],
      });
      const rows = new Map(result.rows.map((r) => [r.key, r]));
      for (const [key, group] of byKey) {
        const row = rows.get(key);
        for (const { p, upTo } of group.callers) {
          if (!row) p.reject(new Error(`rate limit count of ${key} was not written`));
          else p.resolve({ rows: [{ points: Number(row.points) - group.total + upTo, expire: row.expire }] });
        }
      }
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
