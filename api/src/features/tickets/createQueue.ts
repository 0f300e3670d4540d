/**
 * Group commit of public ticket creates.
 *
 * Every create takes the sync lock and the gap-free number row until its transaction commits
 * (repository `insertNewTickets`, DESIGN.md 4), so one create per transaction caps creates at one
 * durable COMMIT each, one after another: the bench's "commit ceiling" (about 900-1,200/s on
 * PostgreSQL here, far less on PGlite, where BEGIN, the recipients read and the fsync are paid per
 * create). The queue writes the submissions that arrive while a group is committing as the next
 * group: one statement for all their tickets, one COMMIT. A lone submission goes at once (no added
 * wait); under load a group holds up to {@link MAX_GROUP}.
 *
 * A group is written in two steps. First, all at once: the SLA policy (create.ts
 * `readCreateContext`) and what is stored under the group's Idempotency-Keys (http/transaction.ts
 * `readStoredAnswers`). Then create.ts `createTicketsAtOnce` (events/bus.ts `write`): the
 * `ticket.created` subscribers' reads (the recipients), then ONE statement writes the tickets with
 * the keys, their answers and the new-ticket jobs; a transaction only when a subscriber runs a
 * statement of its own (the clients match: on PostgreSQL, or on PGlite when a client could match). A group with files
 * is written in a transaction too (the files are recorded in further statements): keys claimed
 * first (`claimKeys`), tickets and files, events, answers stored (`storeAnswers`), COMMIT.
 *
 * What each submission still gets, as with its own transaction:
 * - its answer only after its ticket committed (nothing acknowledged is lost);
 * - its Idempotency-Key (DESIGN.md 4 "Offline-safe updates"): a key already stored answers with the
 *   stored answer (`replayed`) and creates nothing; a key of another request is refused (422)
 *   without failing the group; a key stored with its ticket, never without it; two submissions with
 *   the same key never share a group (the second waits for the next one and is answered as a
 *   replay);
 * - its own failure: when a group fails, each of its submissions is retried alone in its own
 *   transaction, so one submission can only fail itself. A key another process stored after the
 *   read fails the statement (unique violation); the retry's `claimKeys` waits for that process and
 *   answers with its stored answer. The statement inserts its keys after taking the sync lock, while
 *   a transaction claims its key before; a client that sends one key with two requests at once can
 *   make the two wait for each other, and PostgreSQL then fails one (deadlock_timeout, 1 s): that
 *   one's submissions are retried alone too.
 *
 * One queue per app process; several processes' groups still take the sync lock in turn.
 */
import type { TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { claimKeys, readStoredAnswers, storeAnswers, type ClaimResult, type KeyAnswer, type KeyClaim } from '../../http/transaction';
import { createTickets, createTicketsAtOnce, hasAttachments, readCreateContext, type TicketSubmission } from './create';

/** Most submissions one group commit writes (SPEC.md has no limit; bounds one statement's size). */
export const MAX_GROUP = 64;

/** The answer to a submission: 201 with the new ticket, or a stored answer replayed for its key. */
export interface CreateOutcome {
  status: number;
  /** TicketCreated when created; the stored body when replayed. */
  body: TicketCreated | Record<string, unknown> | null;
  replayed: boolean;
}

interface Waiting {
  submission: TicketSubmission;
  key: KeyClaim | undefined;
  resolve(outcome: CreateOutcome): void;
  reject(err: unknown): void;
}

type Result = { ok: true; outcome: CreateOutcome } | { ok: false; error: unknown };

/** Public ticket creates, written in group commits (see module doc). */
export class TicketCreateQueue {
  private waiting: Waiting[] = [];
  private committing = false;

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
  ) {}

  /**
   * Queues one validated submission; resolves once its ticket is committed (or its key's stored
   * answer is found).
   * @throws 422 when `key` was used by another user or for another request; database errors.
   */
  submit(submission: TicketSubmission, key?: KeyClaim): Promise<CreateOutcome> {
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

  /**
   * Writes a group and answers each submission (module doc): in one statement, or in a transaction
   * when it has files; a failed group is retried one submission at a time, each in a transaction.
   */
  private async commit(group: Waiting[]): Promise<void> {
    const atOnce = !group.some((w) => hasAttachments(w.submission));
    try {
      answer(group, atOnce ? await this.writeAtOnce(group) : await this.writeInTransaction(group));
    } catch (error) {
      if (!atOnce && group.length === 1) return answer(group, [{ ok: false, error }]);
      for (const w of group) {
        try {
          answer([w], await this.writeInTransaction([w]));
        } catch (alone) {
          answer([w], [{ ok: false, error: alone }]);
        }
      }
    }
  }

  /** Reads the context and the stored keys together, then writes the new submissions in ONE statement. */
  private async writeAtOnce(group: Waiting[]): Promise<Result[]> {
    const keyed = group.filter((w) => w.key);
    const [context, stored] = await Promise.all([
      readCreateContext(this.db),
      readStoredAnswers(this.db, keyed.map((w) => w.key!)),
    ]);
    const results = resultsOfKeys(group, keyed, stored);
    const fresh = group.filter((_, i) => !results[i]);
    const created = await createTicketsAtOnce(this.db, this.events, fresh.map((w) => w.submission), fresh.map((w) => w.key), context);
    fresh.forEach((w, i) => (results[group.indexOf(w)] = { ok: true, outcome: { status: 201, body: created[i]!, replayed: false } }));
    return results as Result[];
  }

  /** Reads the context, then claims the group's keys, creates the tickets with their files and stores the answers in ONE transaction. */
  private async writeInTransaction(group: Waiting[]): Promise<Result[]> {
    // Read before BEGIN: nothing is read while the transaction holds the sync lock.
    const context = await readCreateContext(this.db);
    return this.events.transaction(this.db, async (tx) => {
      const keyed = group.filter((w) => w.key);
      const results = resultsOfKeys(group, keyed, await claimKeys(tx, keyed.map((w) => w.key!), group[0]!.submission.now));
      const fresh = group.filter((_, i) => !results[i]);
      const created = await createTickets(tx, this.events, fresh.map((w) => w.submission), context);
      const answers: KeyAnswer[] = [];
      fresh.forEach((w, i) => {
        const body = created[i]!;
        results[group.indexOf(w)] = { ok: true, outcome: { status: 201, body, replayed: false } };
        if (w.key) answers.push({ key: w.key.key, status: 201, body });
      });
      await storeAnswers(tx, answers);
      return results as Result[];
    });
  }
}

/** Settles each submission of `group` with its result (same order). */
function answer(group: Waiting[], results: Result[]): void {
  group.forEach((w, i) => {
    const r = results[i]!;
    if (r.ok) w.resolve(r.outcome);
    else w.reject(r.error);
  });
}

/** The results of `keyed` (members of `group`) whose key is taken (`claims`, same order): replayed or refused; unset for the others. */
function resultsOfKeys(group: Waiting[], keyed: Waiting[], claims: ClaimResult[]): (Result | undefined)[] {
  const results: (Result | undefined)[] = [];
  keyed.forEach((w, i) => {
    const claim = claims[i];
    if (!claim) return;
    results[group.indexOf(w)] =
      'refused' in claim ? { ok: false, error: claim.refused } : { ok: true, outcome: { status: claim.status, body: claim.body as CreateOutcome['body'], replayed: true } };
  });
  return results;
}
