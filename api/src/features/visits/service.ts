/**
 * Close-outs (issue 54 items 1, 2, 7; docs/visits.md). A close-out is checked in two steps:
 * `checkCloseOut` BEFORE the route's transaction (the ticket may be worked on, the files are
 * processed by the attachments port and the signature is an image of at most SIGNATURE_MAX_BYTES),
 * then `closeOutVisit` INSIDE it: the visit row, one internal note on the ticket carrying the
 * photos and signature (tickets port `patchTicket`, which also resolves the ticket when asked:
 * its events and their subscribers run in this same transaction), the time entry (sla port; a
 * correction records only the minutes it adds to the visit it corrects), the
 * ticket's checklist as it is now (kept with the visit), and the `visit.closed` event, whose
 * subscriber (events.ts) attaches the service report and queues its e-mail in the same transaction.
 * Any refusal throws, so the route's transaction rolls everything back: nothing changes.
 */
import { MSG, SIGNATURE_MAX_BYTES, VISIT_MSG, lockedVisitMessage, type TicketPatch, type Visit, type VisitCreate } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { event, type EventBus } from '../../events';
import type { Services } from '../../services';
import { prepareAttachments, type AttachmentBatch } from '../attachments/port';
import { checklistsOf } from '../checklists/port';
import { recordTimeEntry } from '../sla/port';
import { patchTicket } from '../tickets/port';
import { presentVisit } from './presenter';
import { findVisit, insertVisit, lockVisit, supersedersOf, ticketForVisit, visitsOfTicket, type VisitTicket } from './repository';

/** A phone time this far ahead of the server's clock is flagged (ms): ordinary clock drift stays unflagged. */
export const CLOCK_FUTURE_SLACK_MS = 5 * 60_000;
/** Signature images kept (after the attachments' re-encoding). */
const SIGNATURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * May `user` close out a visit on `ticket`? Admins on any ticket that is not closed; technicians on
 * an unassigned ticket or one assigned to them.
 * @throws 404 no such ticket; 403 VISIT_MSG.notYourTicket; 409 VISIT_MSG.ticketClosed.
 */
export function checkTicketForVisit(ticket: VisitTicket | undefined, user: AuthUser): VisitTicket {
  if (!ticket) throw notFound(MSG.ticketNotFound);
  if (user.role !== 'admin' && ticket.assignedTo !== null && ticket.assignedTo !== user.id) throw forbidden(VISIT_MSG.notYourTicket);
  if (ticket.status === 'closed') throw conflict(VISIT_MSG.ticketClosed);
  return ticket;
}

/**
 * Before the transaction: the ticket check (above), then the photos and signature processed by the
 * attachments port (uploads already on this ticket, from a retried request, are skipped).
 * @returns the batch for `closeOutVisit` (undefined when no files).
 * @throws as checkTicketForVisit; 400 `signatureUploadId` not an image / too large; the attachments port's 400/409/413.
 */
export async function checkCloseOut(s: Pick<Services, 'config' | 'db'>, ticketId: string, body: VisitCreate, user: AuthUser): Promise<AttachmentBatch | undefined> {
  checkTicketForVisit(await ticketForVisit(s.db, ticketId), user);
  const ids = [...body.photoUploadIds, ...(body.signatureUploadId ? [body.signatureUploadId] : [])];
  const batch = await prepareAttachments(s, ids, ticketId);
  const signature = batch?.items.find((i) => i.uploadId === body.signatureUploadId);
  if (signature && !SIGNATURE_TYPES.has(signature.contentType)) throw badRequest(VISIT_MSG.signatureNotImage, { signatureUploadId: [VISIT_MSG.signatureNotImage] });
  if (signature && signature.size > SIGNATURE_MAX_BYTES) throw badRequest(VISIT_MSG.signatureTooLarge, { signatureUploadId: [VISIT_MSG.signatureTooLarge] });
  return batch;
}

/**
 * Why the phone's clock is not trusted (null when it is): a time more than CLOCK_FUTURE_SLACK_MS
 * after `receivedAt`, or before the ticket was created.
 */
export function clockProblem(arrivedAt: Date, departedAt: Date, receivedAt: Date, ticketCreatedAt: Date): string | null {
  if (Math.max(arrivedAt.getTime(), departedAt.getTime()) > receivedAt.getTime() + CLOCK_FUTURE_SLACK_MS) return VISIT_MSG.futureClock;
  if (arrivedAt.getTime() < ticketCreatedAt.getTime()) return VISIT_MSG.beforeTicketClock;
  return null;
}

/** The internal note a close-out leaves in the ticket's work history. */
function noteOf(body: VisitCreate, technician: string): string {
  const parts = body.parts.map((p) => `\n- ${p.quantity} x ${p.description}`).join('');
  const signed = body.signerName ? `\nSigned by ${body.signerName}.` : '';
  return `On-site visit closed out by ${technician}.\n${body.workDone}${parts ? `\nParts:${parts}` : ''}${signed}`.slice(0, 10_000);
}

/**
 * Inside the route's transaction: writes the visit (see module doc) at `now`.
 * @throws as checkTicketForVisit (re-read under the transaction); 400 VISIT_MSG.supersedeOtherTicket;
 *   409 lockedVisitMessage when the corrected visit was invoiced (docs/billing.md); 409 VISIT_MSG.alreadySuperseded; patchTicket's 409/400/413.
 */
export async function closeOutVisit(
  tx: Database,
  deps: { events: EventBus },
  ticketId: string,
  body: VisitCreate,
  user: AuthUser,
  now: Date,
  batch: AttachmentBatch | undefined,
): Promise<Visit> {
  const ticket = checkTicketForVisit(await ticketForVisit(tx, ticketId), user);
  // A correction's time entry is only what it adds to the visit it corrects (that one's is already recorded).
  let recordedBefore = 0;
  if (body.supersedesVisitId) {
    const earlier = await lockVisit(tx, body.supersedesVisitId);
    if (!earlier || earlier.ticketId !== ticketId) throw badRequest(VISIT_MSG.supersedeOtherTicket, { supersedesVisitId: [VISIT_MSG.supersedeOtherTicket] });
    if (earlier.invoicedAt) {
      const locked = { invoicedAt: earlier.invoicedAt.toISOString(), invoicedBy: earlier.invoicedByName };
      throw conflict(lockedVisitMessage(locked.invoicedAt, locked.invoicedBy), { locked });
    }
    if ((await supersedersOf(tx, [earlier.id])).size > 0) throw conflict(VISIT_MSG.alreadySuperseded);
    recordedBefore = earlier.minutes;
  }
  const arrivedAt = new Date(body.arrivedAt);
  const departedAt = new Date(body.departedAt);
  const problem = clockProblem(arrivedAt, departedAt, now, ticket.createdAt);
  const patch: TicketPatch = { comment: noteOf(body, user.username), reply: false };
  if (body.resolve) Object.assign(patch, { status: 'resolved', resolution: body.resolution ?? body.workDone.slice(0, 10_000) });
  const written = await patchTicket(tx, ticketId, patch, user, now, deps.events, batch);
  // The note's attachments are inserted in the batch's order: the signature's is at its item's index.
  const note = written.updates.find((u) => u.updateType === 'comment');
  const files = note?.attachments ?? [];
  const signatureIndex = batch?.items.findIndex((i) => i.uploadId === body.signatureUploadId) ?? -1;
  const signatureAttachmentId = signatureIndex >= 0 && files.length === batch!.items.length ? files[signatureIndex]!.id : null;
  const added = body.minutes - recordedBefore;
  if (added > 0) await recordTimeEntry(tx, ticketId, user, { minutes: added, billable: body.billable, note: recordedBefore ? 'On-site visit (correction)' : 'On-site visit' }, now);
  const checklist = ((await checklistsOf(tx, [ticketId])).get(ticketId) ?? []).map((i) => ({ text: i.text, required: i.required, done: i.done }));
  const row = await insertVisit(tx, {
    ticketId,
    technicianId: user.id,
    technicianName: user.username,
    arrivedAt,
    departedAt,
    arrivedSent: body.arrivedAt,
    departedSent: body.departedAt,
    receivedAt: now,
    clockSuspect: problem !== null,
    clockNote: problem,
    workDone: body.workDone,
    parts: body.parts.map((p) => ({ description: p.description, quantity: p.quantity, unitPrice: p.unitPrice ?? null })),
    minutes: body.minutes,
    billable: body.billable,
    photoUploadIds: body.photoUploadIds,
    signatureUploadId: body.signatureUploadId ?? null,
    signerName: body.signerName ?? null,
    signatureAttachmentId,
    supersedesVisitId: body.supersedesVisitId ?? null,
    resolve: body.resolve,
    checklist,
    createdAt: now,
  });
  const visit = presentVisit(row, null);
  await deps.events.emit(tx, [event('visit.closed', { visit, ticketNumber: ticket.ticketNumber, noteId: note?.id ?? null }, now, { id: user.id, username: user.username })]);
  // The answer (stored for keyed replays) names the report attached by the subscriber.
  return presentVisit((await findVisit(tx, row.id)) ?? row, null);
}

/**
 * The visits of a ticket, oldest first, each with the visit correcting it.
 * @throws 404 when there is no such ticket.
 */
export async function listVisits(db: Database, ticketId: string): Promise<Visit[]> {
  if (!(await ticketForVisit(db, ticketId))) throw notFound(MSG.ticketNotFound);
  const rows = await visitsOfTicket(db, ticketId);
  const by = await supersedersOf(db, rows.map((r) => r.id));
  return rows.map((r) => presentVisit(r, by.get(r.id) ?? null));
}
