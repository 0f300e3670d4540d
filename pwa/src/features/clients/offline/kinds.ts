/**
 * Offline client, site and contact writes (issue 50 item 6): ONE outbox kind, `client.write`, whose
 * payload names the operation (edit the client; add or edit a contact or a site). Items of one
 * client share the stream `client:<id>` (sent in order), each with its own Idempotency-Key (applied
 * once). An edit carries `base`, the values the card showed: the server answers 409
 * `{ fields, current }` only when someone else changed a sent field to another value; the item
 * then waits in 'conflict' ("needs attention" in the sync bar, linked to the card) until the
 * technician keeps theirs or takes the server's ({@link resolveClientConflict}). A client, contact or
 * site can be created offline too: its id is chosen here (drafts.ts), its draft joins the cached
 * cards at once, and a ticket write naming it waits for this stream (outbox `after`). No React: the
 * service worker imports it.
 */
import { clientStream, type Client, type ClientCreateInput, type ClientPatchInput, type Contact, type ContactCreateInput, type ContactPatchInput, type Site, type SiteCreateInput } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { putClientCards, putClientChild, removeCard, removeChild } from './collection';
import { draftClient, draftContact, draftSite, putDraftChild, putDraftClient, removeDraft } from './drafts';

export const CLIENT_WRITE = 'client.write';

/** The operations of {@link CLIENT_WRITE}. `childId` names the contact or site of an edit. */
export type ClientOp =
  | { op: 'client.create'; clientId: string; body: ClientCreateInput }
  | { op: 'client.patch'; clientId: string; body: ClientPatchInput }
  | { op: 'contact.create'; clientId: string; body: ContactCreateInput }
  | { op: 'contact.patch'; clientId: string; childId: string; body: ContactPatchInput }
  | { op: 'site.create'; clientId: string; body: SiteCreateInput }
  | { op: 'site.patch'; clientId: string; childId: string; body: SiteCreateInput & { base?: Record<string, unknown> } }
  | { op: 'client.delete'; clientId: string; body?: undefined }
  | { op: 'contact.delete' | 'site.delete'; clientId: string; childId: string; body?: undefined };

/** What a 409 left: the fields someone else changed and the server's card then. */
export interface ClientConflict {
  fields: string[];
  current: Client | Contact | Site;
}

export type ClientWriteItem = OutboxItem<ClientOp, ClientConflict, unknown>;

function url(p: ClientOp): { method: string; url: string } {
  const base = `/api/clients/${p.clientId}`;
  switch (p.op) {
    case 'client.create':
      return { method: 'POST', url: '/api/clients' };
    case 'client.patch':
      return { method: 'PATCH', url: base };
    case 'contact.create':
      return { method: 'POST', url: `${base}/contacts` };
    case 'contact.patch':
      return { method: 'PATCH', url: `${base}/contacts/${p.childId}` };
    case 'site.create':
      return { method: 'POST', url: `${base}/sites` };
    case 'site.patch':
      return { method: 'PATCH', url: `${base}/sites/${p.childId}` };
    case 'client.delete':
      return { method: 'DELETE', url: base };
    case 'contact.delete':
      return { method: 'DELETE', url: `${base}/contacts/${p.childId}` };
    case 'site.delete':
      return { method: 'DELETE', url: `${base}/sites/${p.childId}` };
  }
}

const SAVED = 'Client details have been saved.';

/** The kind registered through clientsOffline (offline-registry.ts). */
export const clientWriteKind: OutboxKind<ClientOp, ClientConflict, unknown> = {
  kind: CLIENT_WRITE,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ ...url(item.payload), body: item.payload.body }),
  async onSuccess({ db, item, body }) {
    const p = item.payload;
    if (p.op === 'client.delete') return removeCard(db, p.clientId);
    if (p.op === 'contact.delete' || p.op === 'site.delete') return removeChild(db, p.clientId, p.op === 'contact.delete' ? 'contacts' : 'sites', p.childId);
    if (!body || typeof body !== 'object') return;
    if (item.payload.op === 'client.patch' || item.payload.op === 'client.create') await putClientCards(db, [body as Client]);
    else await putClientChild(db, body as Contact | Site, item.payload.op.startsWith('contact') ? 'contacts' : 'sites');
  },
  onConflict({ body }) {
    const b = body as Partial<ClientConflict> | undefined;
    return b?.fields && b.current ? { action: 'conflict', conflict: { fields: b.fields, current: b.current } } : { action: 'fail' };
  },
  async onDiscard({ db, item }) {
    const p = item.payload;
    if (p.op === 'client.create') await removeDraft(db, p.clientId, { list: 'client', id: p.clientId });
    else if ((p.op === 'contact.create' || p.op === 'site.create') && p.body.id) await removeDraft(db, p.clientId, { list: p.op === 'contact.create' ? 'contacts' : 'sites', id: p.body.id });
  },
  link: (item) => `/clients?client=${item.payload.clientId}`,
  notices: {
    sent: (labels) => ({ title: 'Success', description: labels.length === 1 ? `${labels[0]}: ${SAVED}` : `${labels.length} clients: ${SAVED}` }),
    conflict: (item) => ({ title: 'Changed by someone else', description: `${item.label}: choose which values to keep.`, variant: 'destructive' }),
    failed: (item) => ({ title: 'Error', description: `${item.label}: ${item.error?.message ?? 'The change was refused.'}`, variant: 'destructive' }),
  },
};

export const isClientWrite = (item: OutboxItem): item is ClientWriteItem => isItemOf(clientWriteKind, item);

type Author = { id: string; username: string };

/**
 * Queues a client, contact or site write of client `op.clientId` (label: the client's name). A
 * create gets its id here when it has none (client.create: `op.clientId`) and its draft joins the
 * cached cards in the same transaction. @returns the item's seq.
 */
export async function enqueueClientWrite(db: OfflineDb, op: ClientOp, label: string, user: Author, now = new Date()): Promise<number> {
  const payload = withId(op);
  return db.transaction('rw', db.outbox, db.records, async () => {
    if (payload.op === 'client.create') await putDraftClient(db, draftClient({ ...payload.body, id: payload.clientId }));
    else if (payload.op === 'contact.create') await putDraftChild(db, draftContact(payload.clientId, payload.body as ContactCreateInput & { id: string }), 'contacts');
    else if (payload.op === 'site.create') await putDraftChild(db, draftSite(payload.clientId, payload.body as SiteCreateInput & { id: string }), 'sites');
    return enqueue<ClientOp>(db, { kind: CLIENT_WRITE, payload, label, entityId: payload.clientId, stream: clientStream(payload.clientId), user }, now);
  });
}

/** `op` with the id of what it creates in its body (kept when given). */
function withId(op: ClientOp): ClientOp {
  if (op.op === 'client.create') return { ...op, body: { ...op.body, id: op.clientId } };
  if (op.op === 'contact.create' || op.op === 'site.create') return { ...op, body: { ...op.body, id: op.body.id ?? crypto.randomUUID() } } as ClientOp;
  return op;
}

/**
 * The technician's choice on a conflicted item: 'mine' resends the edit over the server's values
 * (its `base` becomes them: applied as sent); 'server' drops the conflicting fields (the item goes
 * when nothing is left). @returns what happened, or null when the item is not a conflict any more.
 */
export async function resolveClientConflict(db: OfflineDb, seq: number, choice: 'mine' | 'server'): Promise<'requeued' | 'dropped' | null> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item || !isClientWrite(item) || item.state !== 'conflict' || !item.conflict) return null;
    const { fields, current } = item.conflict;
    const body = { ...(item.payload.body as Record<string, unknown>) };
    const base = { ...((body.base as Record<string, unknown> | undefined) ?? {}) };
    for (const f of fields) {
      if (choice === 'mine') base[f] = (current as unknown as Record<string, unknown>)[f] ?? null;
      else {
        delete body[f];
        delete base[f];
      }
    }
    body.base = base;
    if (Object.keys(body).every((k) => k === 'base')) {
      await db.outbox.delete(seq);
      return 'dropped' as const;
    }
    await db.outbox.put({ ...item, payload: { ...item.payload, body } as ClientOp, state: 'pending', conflict: null, nextAttemptAt: 0, error: null });
    return 'requeued' as const;
  });
}
