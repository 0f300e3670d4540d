/**
 * Group commit of public ticket creates.
 *
 * Every create takes the sync lock and the gap-free number row until its transaction commits
 * (repository `insertNewTickets`, DESIGN.md 4), so one create per transaction caps creates at one
 * durable COMMIT each, one after another: the bench's "commit ceiling" (about 900-1,200/s on
 * PostgreSQL here, far less on PGlite, where BEGIN, the recipients read and the fsync are paid per
 * create). The queue writes the submissions that arrive while a group is committing as the next
 * group: ONE transaction, one statement for all their tickets, one COMMIT. A lone submission goes at
 * once (no added wait); under load a group holds up to {@link MAX_GROUP}.
 *
 * What each submission still gets, as with its own transaction:
 * - its answer only after its group committed (nothing acknowledged is lost);
 * - its Idempotency-Key (DESIGN.md 4 "Offline-safe updates"): claimed in the group's transaction,
 *   a key already stored answers with the stored answer (`replayed`) and creates nothing, a key of
 *   another request is refused (400) without failing the group; two submissions with the same key
 *   never share a group (the second waits for the next one and is answered as a replay);
 * - its own failure: when a group's transaction fails, each of its submissions is retried alone, so
 *   one submission can only fail itself.
 *
 * The recipients and the SLA policy a group needs are read before its transaction, all at once
 * (service.ts `readCreateContext`): under load every round trip of a group waits for the event
 * loop to read its answer, and the next group of this process waits for the whole cycle: one
 * round trip for the reads instead of one per read, in turn (docs/benchmarks.md "Where the two
 * cores go").
 *
 * One queue per app process; several processes still serialise on the sync lock, each with its groups.
 */
import type { TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import { claimKeys, storeAnswers, type KeyAnswer, type KeyScope } from '../../http/transaction';
import { createTickets, readCreateContext, type CreateContext, type TicketSubmission } from './service';

/** Most submissions one group commit writes (SPEC.md has no limit; bounds one statement's size). */
export const MAX_GROUP = 64;

/** An Idempotency-Key sent with a submission, and what it is bound to (http/transaction.ts). */
export interface SubmissionKey {
  key: string;
  scope: KeyScope;
}

/** The answer to a submission: 201 with the new ticket, or a stored answer replayed for its key. */
export interface CreateOutcome {
  status: number;
  /** TicketCreated when created; the stored body when replayed. */
  body: TicketCreated | Record<string, unknown> | null;
  replayed: boolean;
}

interface Waiting {
  submission: TicketSubmission;
  key: SubmissionKey | undefined;
  resolve(outcome: CreateOutcome): void;
  reject(err: unknown): void;
}

type Result = { ok: true; outcome: CreateOutcome } | { ok: false; error: unknown };

/** Public ticket creates, written in group commits (see module doc). */
export class TicketCreateQueue {
  private waiting: Waiting[] = [];
  private committing = false;

  constructor(private readonly db: Database) {}

  /**
   * Queues one validated submission; resolves once its ticket is committed (or its key's stored
   * answer is found).
   * @throws 400 when `key` was used by another user or for another request; database errors.
   */
  submit(submission: TicketSubmission, key?: SubmissionKey): Promise<CreateOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ submission, key, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.committing || this.waiting.length === 0) return;
    this.committing = true;
    const group = this.takeGroup();
    void this.commit(group).finally(() => {
      this.committing = false;
      this.pump();
    });
  }

  /** The oldest waiting submissions, at most MAX_GROUP, no two with the same key. */
  private takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of this.waiting) {
      if (group.length >= MAX_GROUP || (w.key && keys.has(w.key.key))) rest.push(w);
      else {
        group.push(w);
        if (w.key) keys.add(w.key.key);
      }
    }
    this.waiting = rest;
    return group;
  }

  /** Writes a group and answers each submission; a failed group is retried one submission at a time. */
  private async commit(group: Waiting[]): Promise<void> {
    let results: Result[];
    try {
      // Read before BEGIN, all at once: two round trips fewer inside the group's transaction.
      const context = await readCreateContext(this.db, group.map((w) => w.submission.input.severity));
      results = await this.db.transaction(async (raw) => this.write(raw as unknown as Database, group, context));
    } catch (error) {
      if (group.length > 1) {
        for (const w of group) await this.commit([w]);
        return;
      }
      results = [{ ok: false, error }];
    }
    group.forEach((w, i) => {
      const r = results[i]!;
      if (r.ok) w.resolve(r.outcome);
      else w.reject(r.error);
    });
  }

  /** Claims the group's keys, creates the tickets of the new submissions and stores their answers. */
  private async write(tx: Database, group: Waiting[], context: CreateContext): Promise<Result[]> {
    const results: (Result | undefined)[] = [];
    const keyed = group.filter((w) => w.key);
    const claims = await claimKeys(tx, keyed.map((w) => w.key!), group[0]!.submission.now);
    keyed.forEach((w, i) => {
      const claim = claims[i];
      if (!claim) return;
      results[group.indexOf(w)] =
        'refused' in claim ? { ok: false, error: claim.refused } : { ok: true, outcome: { status: claim.status, body: claim.body as CreateOutcome['body'], replayed: true } };
    });
    const fresh = group.filter((_, i) => !results[i]);
    const created = await createTickets(tx, fresh.map((w) => w.submission), context);
    const answers: KeyAnswer[] = [];
    fresh.forEach((w, i) => {
      const body = created[i]!;
      results[group.indexOf(w)] = { ok: true, outcome: { status: 201, body, replayed: false } };
      if (w.key) answers.push({ key: w.key.key, status: 201, body });
    });
    await storeAnswers(tx, answers);
    return results as Result[];
  }
}
