/**
 * Test kit (never bundled by the app): an in-memory model of the API's ticket rules, exactly as
 * api/src/features/tickets/service.ts and api/src/http/idempotency.ts implement them, helpers to
 * build a database on its own fake IndexedDB, and the engine internals tests drive directly
 * (drain, pull, owner rule, page engine user). Tests anywhere in pwa/src may import this file.
 *
 * Rules modelled: Idempotency-Key (a key already applied returns the stored status and body and
 * changes nothing; the same key with another request -> 400; only successes are stored);
 * PATCH: 404 unknown ticket, 400 invalid assignee, stale `baseVersion` merged field by field with
 * 409 `{ message, code, ticket, conflicts }` only when a sent field changed on the server after
 * baseVersion and differs now (nothing applied), values equal to the current ones change nothing,
 * one history row per changed field and per comment, version + 1 once; delta feeds by sync_seq,
 * paged by `limit` with `more` (`recentDays` is ignored: the model's tickets are all
 * recent); the staff list (`/api/tickets/list` keyset pages with status, assignee and q filters),
 * `/api/tickets/counts` (also honouring q) and `/api/tickets/:ref`.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { MSG, formatTicketNumber, mergeConflicts, planTicketPatch } from '@portal/shared';
import type { Ticket, TicketPatch, TicketUpdateEntry, UpdateType } from '@portal/shared';
import { OfflineDb } from './db';
import type { HttpResponse, Transport } from '../lib/http';

export { NetworkError, type Transport } from '../lib/http';

export { pullAll, setCacheOwner } from './collections';
export { META, getMeta, setOfflineDb } from './db';
export { drainOutbox, memoryLock } from './drain';
export { setSyncUser } from './engine';
export { unsentItems } from './outbox';

/** A history row with what the model needs for assertions. */
export type ModelHistoryRow = TicketUpdateEntry & { version: number; syncSeq: number; key: string | null };

export interface ModelRequest {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The in-memory API. `actor` is the user id a request is made as. */
export class ModelServer {
  tickets = new Map<string, Ticket & { syncSeq: number }>();
  history: ModelHistoryRow[] = [];
  keys = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** Fresh (non-replayed) successful applications per Idempotency-Key. */
  appliedCount = new Map<string, number>();
  staff = new Map<string, string>([['00000000-0000-4000-8000-0000000000a1', 'tech'], ['00000000-0000-4000-8000-0000000000a2', 'other']]);
  private seq = 0;
  private ids = 0;
  private clock = Date.parse('2024-03-05T14:00:00Z');

  private nextId(): string {
    this.ids += 1;
    return `00000000-0000-4000-8000-${String(this.ids).padStart(12, '0')}`;
  }

  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  /** Creates an open ticket (as the public form would) and returns it. */
  createTicket(key: string | null = null): Ticket {
    const id = this.nextId();
    const at = this.now();
    const ticket = {
      id, ticketNumber: formatTicketNumber(this.tickets.size + 1), clientName: 'Client', businessName: null,
      customerEmail: 'c@example.com', customerPhone: '555', severity: 'high' as const, contactMethod: 'email' as const,
      issue: 'Printer on fire again', status: 'open' as const, assignedTo: null, resolution: null, version: 1,
      createdAt: at, updatedAt: at, syncSeq: ++this.seq,
      firstResponseDueAt: null, resolutionDueAt: null, firstResponseAt: null, resolvedAt: null, waitingOnCustomer: false,
    };
    this.tickets.set(id, ticket);
    this.pushHistory({ ticketId: id, updatedBy: null, updateType: 'created', previousValue: null, newValue: 'open', comment: null, reply: false }, 1, at, key);
    return strip(ticket);
  }

  private pushHistory(row: Omit<TicketUpdateEntry, 'id' | 'createdAt' | 'updatedByName'>, version: number, at: string, key: string | null) {
    const entry: ModelHistoryRow = {
      ...row, id: this.nextId(), createdAt: at, updatedByName: row.updatedBy ? (this.staff.get(row.updatedBy) ?? null) : null,
      version, syncSeq: ++this.seq, key,
    };
    this.history.push(entry);
    return entry;
  }

  /** Handles one HTTP request as `actor` (null: anonymous). */
  handle(req: ModelRequest, actor: string | null): HttpResponse {
    const key = req.headers?.['Idempotency-Key'];
    const url = new URL(req.url, 'http://model');
    if (req.method === 'GET') return this.get(url, actor);
    if (req.method === 'POST' && url.pathname === '/api/tickets') {
      return this.idempotent(key, actor, `POST ${url.pathname} ${JSON.stringify(req.body)}`, () => {
        const t = this.createTicket(key ?? null);
        return res(201, { id: t.id, ticketNumber: t.ticketNumber, createdAt: t.createdAt });
      });
    }
    const m = /^\/api\/tickets\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PATCH' && m) {
      if (!actor) return res(401, { message: 'Authentication required', code: 'unauthenticated' });
      const id = decodeURIComponent(m[1]);
      return this.idempotent(key, actor, `PATCH ${url.pathname} ${JSON.stringify(req.body)}`, () => this.patch(id, req.body as TicketPatch, actor, key ?? null));
    }
    return res(404, { message: 'Not found', code: 'not_found' });
  }

  private idempotent(key: string | undefined, actor: string | null, fingerprint: string, work: () => HttpResponse): HttpResponse {
    if (key) {
      const stored = this.keys.get(key);
      if (stored) {
        if (stored.fingerprint !== `${actor} ${fingerprint}`) return res(422, { message: 'Idempotency-Key reused for a different request', code: 'validation_failed' });
        return res(stored.status, structuredClone(stored.body));
      }
    }
    const result = work();
    if (key && result.status < 300) {
      this.keys.set(key, { fingerprint: `${actor} ${fingerprint}`, status: result.status, body: structuredClone(result.body) });
      this.appliedCount.set(key, (this.appliedCount.get(key) ?? 0) + 1);
    }
    return result;
  }

  /** PATCH rules of service.ts patchTicket. */
  patch(id: string, patch: TicketPatch, actor: string, key: string | null): HttpResponse {
    const current = this.tickets.get(id);
    if (!current) return res(404, { message: MSG.ticketNotFound, code: 'not_found' });
    if (patch.assignedTo && !this.staff.has(patch.assignedTo)) {
      return res(400, { message: MSG.assigneeInvalid, code: 'validation_failed', fieldErrors: { assignedTo: [MSG.assigneeInvalid] } });
    }
    if (patch.baseVersion !== undefined && patch.baseVersion !== current.version) {
      const changed = new Set<UpdateType>(this.history.filter((h) => h.ticketId === id && h.version > patch.baseVersion!).map((h) => h.updateType));
      const conflicts = mergeConflicts(current, patch, changed);
      if (conflicts.length > 0) return res(409, { message: MSG.conflict, code: 'conflict', ticket: strip(current), conflicts });
    }
    const version = current.version + 1;
    const at = this.now();
    const plan = planTicketPatch(current, patch, (userId) => this.staff.get(userId));
    const rows = plan.history.map((h) => this.pushHistory({ ticketId: id, updatedBy: actor, ...h }, version, at, key));
    const next = { ...current, ...plan.set };
    if (rows.length === 0) return res(200, { ticket: strip(current), updates: [] });
    Object.assign(next, { version, updatedAt: at, syncSeq: ++this.seq });
    this.tickets.set(id, next);
    return res(200, { ticket: strip(next), updates: rows.map(stripRow) });
  }

  private get(url: URL, actor: string | null): HttpResponse {
    if (!actor) return res(401, { message: 'Authentication required', code: 'unauthenticated' });
    const since = url.searchParams.get('since');
    const limit = Number(url.searchParams.get('limit') ?? Infinity);
    if (url.pathname === '/api/tickets') {
      const rows = [...this.tickets.values()].filter((t) => since === null || t.syncSeq > Number(since)).sort((a, b) => a.syncSeq - b.syncSeq);
      return res(200, since === null ? rows.map(strip) : deltaPage(rows, since, limit, strip));
    }
    if (url.pathname === '/api/ticket-updates') {
      const ticketId = url.searchParams.get('ticketId');
      const rows = this.history.filter((h) => (since === null || h.syncSeq > Number(since)) && (!ticketId || h.ticketId === ticketId));
      return res(200, since === null ? rows.map(stripRow).reverse() : deltaPage(rows, since, limit, stripRow));
    }
    if (url.pathname === '/api/tickets/list') return res(200, this.listPage(url, actor));
    if (url.pathname === '/api/tickets/counts') {
      const counts: Record<string, number> = { all: 0, open: 0, in_progress: 0, resolved: 0, closed: 0 };
      for (const t of this.filtered(url, actor)) {
        counts.all += 1;
        counts[t.status] += 1;
      }
      return res(200, counts);
    }
    const ref = /^\/api\/tickets\/([^/]+)$/.exec(url.pathname)?.[1];
    if (ref) {
      const t = [...this.tickets.values()].find((x) => x.id === ref || x.ticketNumber === ref.toUpperCase());
      return t ? res(200, strip(t)) : res(404, { message: MSG.ticketNotFound, code: 'not_found' });
    }
    if (url.pathname === '/api/technicians') return res(200, [...this.staff].map(([id, username]) => ({ id, username })));
    // The vault's index feed (features/vault/offline): the model keeps no vault entries.
    if (url.pathname === '/api/vault' && since !== null) return res(200, { items: [], deleted: [], cursor: since, more: false });
    // Canned replies, macros and templates (features/tickets/offline/replyItems.ts): none in the model.
    if (['/api/canned-replies', '/api/macros', '/api/ticket-templates', '/api/clients'].includes(url.pathname) && since !== null) return res(200, { items: [], deleted: [], cursor: since, more: false });
    // Assets (features/assets/offline): the model keeps none.
    if (url.pathname === '/api/assets' && since !== null) return res(200, { items: [], deleted: [], cursor: since, more: false });
    // Recurring schedules and checklist templates (features/recurring/offline): none in the model.
    if (url.pathname === '/api/recurring-tickets' || url.pathname === '/api/checklist-templates') return res(200, []);
    // The downloads feature's collection (no content in the model).
    if (url.pathname === '/api/content') return res(200, []);
    // The inbox (features/inbox/offline): the model writes no entries.
    if (url.pathname === '/api/me/inbox') return res(200, { items: [], unread: 0, cursor: since ?? '0', more: false });
    if (url.pathname === '/api/tags') return res(200, { tags: [], techniciansMayCreate: false });
    return res(404, { message: 'Not found', code: 'not_found' });
  }

  /** Tickets passing the staff list's `status`, `assignee` and `q` filters (GET /api/tickets/list, /counts), newest first. */
  private filtered(url: URL, actor: string | null): Ticket[] {
    const statuses = url.searchParams.get('status')?.split(',');
    const assignee = url.searchParams.get('assignee');
    const q = url.searchParams.get('q')?.toLowerCase();
    return [...this.tickets.values()]
      .filter((t) => !statuses || statuses.includes(t.status))
      .filter((t) => !assignee || t.assignedTo === (assignee === 'mine' ? actor : assignee === 'unassigned' ? null : assignee))
      .filter((t) => !q || [t.ticketNumber, t.clientName, t.businessName ?? '', t.customerEmail, t.customerPhone, t.issue].join('\n').toLowerCase().includes(q))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
      .map(strip);
  }

  /** GET /api/tickets/list: keyset pages newest first (`cursor` = the last id of the previous page). */
  private listPage(url: URL, actor: string | null): { items: Ticket[]; nextCursor: string | null; more: boolean } {
    const all = this.filtered(url, actor);
    const after = url.searchParams.get('cursor');
    const start = after ? all.findIndex((t) => t.id === after) + 1 : 0;
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const items = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return { items, nextCursor: more ? items.at(-1)!.id : null, more };
  }

  /** Transport that answers as `actor` (tests wrap it to inject faults). */
  transport(actor: string | null): Transport {
    return async (req) => this.handle(structuredClone(req), actor);
  }
}

function res(status: number, body: unknown): HttpResponse {
  return { status, body, retryAfterMs: null };
}

function cursor(rows: { syncSeq: number }[], since: string): string {
  return String(rows.reduce((max, r) => Math.max(max, r.syncSeq), Number(since)));
}

/** A delta page of `rows` (sorted by syncSeq, after `since`): at most `limit`, with `more`. */
function deltaPage<R extends { syncSeq: number }, T>(rows: R[], since: string, limit: number, present: (r: R) => T) {
  const page = rows.slice(0, limit);
  return { items: page.map(present), cursor: cursor(page, since), more: rows.length > limit };
}

function strip<T extends { syncSeq: number }>(t: T): Omit<T, 'syncSeq'> {
  const { syncSeq: _s, ...rest } = t;
  return rest;
}

function stripRow(r: ModelHistoryRow): TicketUpdateEntry {
  const { version: _v, syncSeq: _s, key: _k, ...rest } = r;
  return rest;
}

let dbCount = 0;

/** A fresh IndexedDB (own fake factory) and a database on it; `reopen()` simulates an app restart. */
export function freshDb(): { db: OfflineDb; reopen(): OfflineDb; factory: IDBFactory; name: string } {
  const factory = new IDBFactory();
  const name = `test-offline-${++dbCount}`;
  const open = () => new OfflineDb(name, { indexedDB: factory, IDBKeyRange });
  return { db: open(), reopen: open, factory, name };
}

/** The technician's and another staff member's ids in {@link ModelServer}. */
export const TECH_ID = '00000000-0000-4000-8000-0000000000a1';
export const OTHER_ID = '00000000-0000-4000-8000-0000000000a2';
