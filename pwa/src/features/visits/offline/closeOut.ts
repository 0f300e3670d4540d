/**
 * The on-site close-out offline (issue 54 item 2, docs/visits.md "Phone flow"): the `visit.closeOut`
 * outbox kind (`POST /api/tickets/:id/visits` with the item's Idempotency-Key, so however often it is
 * resent the server applies it once) and the technician's "Arrived" time kept on the device.
 *
 * The photos and the signature PNG are queued FIRST, as `file.upload` items in the ticket's own stream
 * (offline/uploads.ts: the Blob is kept in IndexedDB with its item, sent resumably with tus), and the
 * close-out names them by placeholders; all of it is written in ONE IndexedDB transaction, so a
 * close-out is either wholly queued or not at all, and an upload can never finish before the item
 * that names it exists. The placeholders live in arrays (`photos`, `signature`), which is where the
 * upload kind replaces them; `request` builds the API body from them. Being in the ticket's stream,
 * the close-out is sent after this device's earlier updates of the ticket, and later ones wait for it.
 * No React: the service worker imports it (offline-registry.ts).
 */
import { ticketStream, type Visit, type VisitCreateInput } from '@portal/shared';
import { enqueue, enqueueFileUploads, nudgeSync, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the outbox kind (stored on queued items: never rename). */
export const VISIT_CLOSE_OUT = 'visit.closeOut';
/** Records collection of landed visits (the API's answers), by visit id. */
export const VISITS = 'visits';
/** Records collection of "Arrived" taps, one per ticket, until its close-out is queued. */
export const ARRIVALS = 'visits.arrivals';

/** The close-out without its files (they are named by {@link CloseOutPayload}'s arrays). */
export type CloseOutBody = Omit<VisitCreateInput, 'photoUploadIds' | 'signatureUploadId'>;

export interface CloseOutPayload {
  body: CloseOutBody;
  /** Photos: placeholders until uploaded, then upload ids (a refused photo is dropped). */
  photos: string[];
  /** The signature: [placeholder] -> [upload id]; empty without one (or when the server refused the image). */
  signature: string[];
}
export type CloseOutItem = OutboxItem<CloseOutPayload, never, Visit>;

/** An "Arrived" tap. */
export interface Arrival {
  ticketId: string;
  arrivedAt: string;
}

/** The API body of a queued close-out. */
export function closeOutRequestBody(payload: CloseOutPayload): VisitCreateInput {
  return { ...payload.body, photoUploadIds: payload.photos, signatureUploadId: payload.signature[0] ?? null };
}

export const closeOutKind: OutboxKind<CloseOutPayload, never, Visit> = {
  kind: VISIT_CLOSE_OUT,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ method: 'POST', url: `/api/tickets/${encodeURIComponent(item.entityId ?? '')}/visits`, body: closeOutRequestBody(item.payload) }),
  link: (item) => (item.entityId ? `/technician?ticket=${encodeURIComponent(item.entityId)}` : null),
  async onSuccess({ db, body }) {
    const visit = body as Visit;
    await db.records.put({ collection: VISITS, id: visit.id, data: visit });
    return visit;
  },
  notices: {
    sent: (labels) => ({ title: 'Visit Closed Out', description: `The close-out of ${labels.join(', ')} has been saved; the service report is on the ticket.` }),
    failed: (item) => ({ title: 'Close-out Not Saved', description: `The close-out of ${item.label} was refused: ${item.error?.message ?? 'unknown error'}`, variant: 'destructive' }),
  },
};

export const isCloseOut = (item: OutboxItem): item is CloseOutItem => item.kind === VISIT_CLOSE_OUT;

/**
 * Queues a whole close-out: its photos and signature, then the close-out, in one transaction (see
 * the module doc); also forgets the ticket's "Arrived" tap (not for a correction). Returns the close-out's seq.
 */
export async function enqueueCloseOut(
  db: OfflineDb,
  input: {
    ticket: { id: string; ticketNumber: string };
    body: CloseOutBody;
    photos: readonly { file: Blob; name: string }[];
    signature: Blob | null;
    user: { id: string; username: string } | null;
    /** More writes on `records` in the same transaction (the ticket timer's drop, lib/ticketTools). */
    alsoInTransaction?: () => Promise<void>;
  },
  now = new Date(),
): Promise<number> {
  const { ticket, body, photos, signature, user, alsoInTransaction } = input;
  const stream = ticketStream(ticket.id);
  const seq = await db.transaction('rw', db.outbox, db.records, async () => {
    const photoRefs = await enqueueFileUploads(db, stream, photos, `${ticket.ticketNumber} visit`);
    const signatureRefs = signature ? await enqueueFileUploads(db, stream, [{ file: signature, name: 'signature.png' }], `${ticket.ticketNumber} signature`) : [];
    // A correction is not the visit in progress: its Arrived tap stays for that one's close-out.
    if (!body.supersedesVisitId) await db.records.where({ collection: ARRIVALS, id: ticket.id }).delete();
    await alsoInTransaction?.();
    return enqueue<CloseOutPayload>(db, { kind: VISIT_CLOSE_OUT, stream, entityId: ticket.id, label: ticket.ticketNumber, user, payload: { body, photos: photoRefs, signature: signatureRefs } }, now);
  });
  nudgeSync();
  return seq;
}

/** The ticket's close-outs still in the outbox (pending, sending, failed), oldest first. */
export async function readQueuedCloseOuts(db: OfflineDb, ticketId: string): Promise<CloseOutItem[]> {
  const items = await db.outbox.where('stream').equals(ticketStream(ticketId)).toArray();
  return items.filter(isCloseOut).sort((a, b) => a.seq - b.seq);
}

/** The ticket's landed visits kept on this device, newest first. */
export async function readStoredVisits(db: OfflineDb, ticketId: string): Promise<Visit[]> {
  const rows = await db.records.where('collection').equals(VISITS).toArray();
  return rows.map((r) => r.data as Visit).filter((v) => v.ticketId === ticketId).sort((a, b) => b.departedAt.localeCompare(a.departedAt));
}

/** Keeps the visits the API listed for a ticket (so they show offline too). */
export async function storeVisits(db: OfflineDb, visits: readonly Visit[]): Promise<void> {
  await db.records.bulkPut(visits.map((v) => ({ collection: VISITS, id: v.id, data: v })));
}

/** The ticket's "Arrived" time, or null. */
export async function readArrival(db: OfflineDb, ticketId: string): Promise<Arrival | null> {
  const row = await db.records.get({ collection: ARRIVALS, id: ticketId });
  return (row?.data as Arrival | undefined) ?? null;
}

/** Records "Arrived" for the ticket at `now` (an earlier tap is kept). */
export async function recordArrival(db: OfflineDb, ticketId: string, now = new Date()): Promise<Arrival> {
  return db.transaction('rw', db.records, async () => {
    const earlier = await readArrival(db, ticketId);
    if (earlier) return earlier;
    const arrival = { ticketId, arrivedAt: now.toISOString() };
    await db.records.put({ collection: ARRIVALS, id: ticketId, data: arrival });
    return arrival;
  });
}
