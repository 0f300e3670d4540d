/**
 * The create floor's statements (issue 58 Decision 2: "for creates a group commit without the app's
 * layers"; docs/benchmarks.md "The API floor"), captured from the app's own code like the list
 * floor's (api-floor.ts): create.ts `createTicketsAtOnce`, the group commit's write of submissions
 * without files (createQueue.ts `writeAtOnce`), runs on the bench database with the app's event bus
 * and subscribers, once for a group of one ticket and once for a group of two, with node-postgres'
 * queries recorded.
 *
 * The floor runs, per group, what a public create must do: the statements before the create
 * statement (the new-ticket recipients, read once per group: who gets a job) and the create
 * statement itself (tickets/repository.ts `insertNewTickets`: the sync lock, the gap-free numbers,
 * the ticket, its 'created' history row, the tab count, the status link, and the subscribers' CTEs in
 * the same statement: the notification jobs and the inbox items), as one statement on the pool
 * (autocommit). Left to the app alone, and printed: what the app runs after it (on PostgreSQL with
 * clients: BEGIN around the statement and the clients match; after commit the possible-duplicate
 * flag), the app's features beyond the create's own rows.
 *
 * The two captures name each parameter of the create statement: the same in both (`const`), the
 * group's size (`n`: 1 then 2), the latest submission's time (`now`), or a JSON array with the
 * group's rows (`rows`: twice as many elements for two tickets; the one-ticket capture's elements
 * are the template, floor-create.mjs).
 */
import { randomBytes } from 'node:crypto';
import { statusPath } from '@portal/shared';
import { openDatabase } from '../../api/src/db/client';
import { createTicketsAtOnce, readCreateContext, type TicketSubmission } from '../../api/src/features/tickets/create';
import { testEvents } from '../../api/src/test/events';
import { TICKET_FORM } from './api-load';
import { recordStatements, type Recorded } from './api-floor-record';

/** A create parameter as the floor rebuilds it (floor-create.mjs `createValues`). */
export type CreateParam = { kind: 'const'; value: unknown } | { kind: 'n' } | { kind: 'now' } | { kind: 'rows'; template: string };

/** What floor-server.mjs reads for `POST /create`. */
export interface CreateSpec {
  /** The group's reads before the create statement, run as captured. */
  reads: { name?: string; text: string; params: unknown[] }[];
  create: { name?: string; text: string; params: CreateParam[] };
  /** The captured ticket's values that are slots in the templates (floor-create.mjs). */
  capture: { id: string; now: string; nonce: string; hash: string; fields: Record<string, unknown> };
  /** The captured severity and contact method: the floor refuses others (its jobs are the captured ones). */
  severity: string;
  contactMethod: string;
  /** The app's answer's statusUrl up to the token. */
  statusUrlPrefix: string;
  /** A job's due time is moved this far ahead (floor-create.mjs), so the app's dispatcher leaves the floor's jobs alone. */
  holdMs: number;
  /** What the app runs per group beyond the floor (first words of each statement). */
  appOnly: string[];
}

/** Ten years: the floor's jobs are never due while the bench runs. */
export const HOLD_MS = 10 * 365 * 86_400_000;

const isCreate = (s: Recorded) => s.name?.startsWith('tickets_create') ?? false;
const jsonArray = (v: unknown): unknown[] | undefined => {
  if (typeof v !== 'string' || !v.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Names the parameters of the create statement from its values for a group of one (`a`, time
 * `nowA`) and of two (`b`, `nowB`) (module doc).
 * @throws Error when a parameter changes in a way the floor cannot rebuild.
 */
export function classifyCreateParams(a: unknown[], b: unknown[], nowA: string, nowB: string): CreateParam[] {
  if (a.length !== b.length) throw new Error('floor: the create captures have different parameter counts');
  // A Date parameter (drizzle passes the latest time as one) as the ISO text the floor sends.
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  return a.map((rawA, k) => {
    const [va, vb] = [plain(rawA), plain(b[k])];
    if (va === vb) return { kind: 'const', value: va };
    if (Number(va) === 1 && Number(vb) === 2) return { kind: 'n' };
    if (va === nowA && vb === nowB) return { kind: 'now' };
    const [ra, rb] = [jsonArray(va), jsonArray(vb)];
    if (ra && rb && ra.length > 0 && rb.length === 2 * ra.length) return { kind: 'rows', template: (va as string).slice(1, -1) };
    throw new Error(`floor: create parameter ${k} changes in a way the floor cannot rebuild (${String(va).slice(0, 80)} / ${String(vb).slice(0, 80)})`);
  });
}

/** The first words of a statement (what the app runs beyond the floor, printed). */
const headOf = (s: Recorded) => s.name ?? s.text.trim().replace(/\s+/g, ' ').slice(0, 60);

/** Captures the create floor's statements on `databaseUrl` (module doc); `publicUrl`: the app's PUBLIC_URL. Writes three tickets. */
export async function captureCreate(databaseUrl: string, publicUrl: string): Promise<CreateSpec> {
  const handle = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const events = testEvents(handle.db);
    const context = await readCreateContext(handle.db);
    const input = JSON.parse(TICKET_FORM) as TicketSubmission['input'];
    // A link's nonce and hash as the app makes them (22 base64url characters, 64 hex digits), random: they are unique.
    const submission = (now: Date): TicketSubmission => ({
      input,
      now,
      statusLink: { nonce: randomBytes(16).toString('base64url'), tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(now.getTime() + 30 * 86_400_000) },
    });
    // Warm first: prepared statements and the recipients cache as in a running app.
    await createTicketsAtOnce(handle.db, events, [submission(new Date())], [], context);
    const nowA = new Date();
    const one = submission(nowA);
    const a = await recordStatements(() => createTicketsAtOnce(handle.db, events, [one], [], context));
    const nowB = new Date(nowA.getTime() + 1000);
    const b = await recordStatements(() => createTicketsAtOnce(handle.db, events, [submission(nowB), submission(nowB)], [], context));
    const [ia, ib] = [a.findIndex(isCreate), b.findIndex(isCreate)];
    if (ia < 0 || ib < 0) throw new Error('floor: no tickets_create statement in the capture');
    const reads = a.slice(0, ia).filter((s) => !/^\s*begin\b/i.test(s.text));
    const appOnly = [...a.slice(0, ia).filter((s) => /^\s*begin\b/i.test(s.text)), ...a.slice(ia + 1)].map(headOf);
    const created = a[ia]!;
    // The captured ticket's id is the first uuid of the rows (the tickets' items come first).
    const items = (classifyCreateParams(created.values, b[ib]!.values, nowA.toISOString(), nowB.toISOString()));
    const firstRows = items.find((p) => p.kind === 'rows') as { template: string } | undefined;
    const id = firstRows && /"id":"([0-9a-f-]{36})"/.exec(firstRows.template)?.[1];
    if (!id) throw new Error('floor: the captured create has no ticket id');
    const prefix = `${publicUrl}${statusPath('TOKEN')}`;
    return {
      reads: reads.map((s) => ({ ...(s.name ? { name: s.name } : {}), text: s.text, params: s.values })),
      create: { ...(created.name ? { name: created.name } : {}), text: created.text, params: items },
      capture: { id, now: nowA.toISOString(), nonce: one.statusLink!.nonce, hash: one.statusLink!.tokenHash, fields: { ...input } },
      severity: input.severity,
      contactMethod: input.contactMethod,
      statusUrlPrefix: prefix.slice(0, prefix.length - 'TOKEN'.length),
      holdMs: HOLD_MS,
      appOnly,
    };
  } finally {
    await handle.close();
  }
}

/** Compares the app's and the floor's create answers: the same fields, number and link shapes. */
export function sameCreateShape(app: unknown, floor: unknown): boolean {
  const shape = (x: unknown) => {
    if (!x || typeof x !== 'object') return '';
    const o = x as Record<string, unknown>;
    const token = String(o.statusUrl ?? '').split('/').at(-1) ?? '';
    return [Object.keys(o).join(','), /^TKT-\d{6,}$/.test(String(o.ticketNumber)), !Number.isNaN(Date.parse(String(o.createdAt))), String(o.statusUrl ?? '').slice(0, -token.length), token.length].join('|');
  };
  return shape(app) !== '' && shape(app) === shape(floor);
}
