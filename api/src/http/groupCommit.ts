/**
 * Group commit for a hot write route (issue 16: public ticket creates). Every ticket create takes
 * the sync lock and the ticket-number row and holds both until its COMMIT (gap-free numbers and an
 * ordered delta feed, DESIGN.md 4), so one create per transaction caps throughput at one lock hold
 * plus one durable COMMIT each. A {@link GroupCommit} instead runs the requests that arrive while a
 * transaction is busy together in the next one: each member in its own SAVEPOINT (a member that
 * throws is rolled back alone and gets its own error), all of them answered only after the one
 * COMMIT has succeeded, so nothing is acknowledged before it is durable. With one request in flight
 * it behaves like a plain transaction; under load N requests share one lock hold and one fsync.
 */
import type { Database } from '../db/client';

/** Most members in one transaction (bounds the lock hold and one member's extra wait). */
export const GROUP_COMMIT_MAX = 64;

interface Member {
  run: (tx: Database) => Promise<void>;
  /** Set when the member threw inside its savepoint (it is then rejected with it after COMMIT). */
  failed?: { error: unknown };
  resolve(): void;
  reject(err: unknown): void;
}

/** A queue of transaction bodies committed in groups (see module doc). One per route. */
export class GroupCommit {
  private readonly queue: Member[] = [];
  private running = false;

  constructor(private readonly db: Database) {}

  /**
   * Runs `fn` inside a savepoint of a shared transaction; resolves after that transaction's COMMIT.
   * @throws what `fn` threw (its savepoint rolled back, the others unaffected), or the error of
   *   BEGIN/COMMIT (then every member of that group fails and nothing of it is stored).
   */
  run(fn: (tx: Database) => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ run: fn, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Commits groups until the queue is empty; requests that arrive meanwhile join the next group. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, GROUP_COMMIT_MAX);
        try {
          await this.db.transaction(async (raw) => {
            const tx = raw as unknown as Database;
            for (const member of group) {
              try {
                await tx.transaction((sp) => member.run(sp as unknown as Database));
              } catch (err) {
                member.failed = { error: err };
              }
            }
          });
        } catch (err) {
          for (const member of group) member.reject(member.failed ? member.failed.error : err);
          continue;
        }
        for (const member of group) {
          if (member.failed) member.reject(member.failed.error);
          else member.resolve();
        }
      }
    } finally {
      this.running = false;
    }
  }
}
