/** Visit rows -> the API's `Visit` (shared/src/schemas/visits.ts). */
import type { Visit } from '@portal/shared';
import type { VisitRow } from './repository';

/** `row` as answered; `supersededBy` is the id of the visit correcting it, null when none. */
export function presentVisit(row: VisitRow, supersededBy: string | null): Visit {
  return {
    id: row.id,
    ticketId: row.ticketId,
    technicianId: row.technicianId,
    technicianName: row.technicianName,
    arrivedAt: row.arrivedSent,
    departedAt: row.departedSent,
    receivedAt: row.receivedAt.toISOString(),
    clockSuspect: row.clockSuspect,
    clockNote: row.clockNote,
    workDone: row.workDone,
    parts: row.parts,
    minutes: row.minutes,
    billable: row.billable,
    photoUploadIds: row.photoUploadIds,
    signatureUploadId: row.signatureUploadId,
    signerName: row.signerName,
    supersedesVisitId: row.supersedesVisitId,
    supersededBy,
    resolve: row.resolve,
    createdAt: row.createdAt.toISOString(),
    checklist: row.checklist,
    reportAttachmentId: row.reportAttachmentId,
  };
}
