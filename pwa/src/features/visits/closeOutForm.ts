/**
 * The close-out form's values and how they become the API body (pure; closeOutForm.test.ts).
 * Everything is kept as typed (strings) so the draft can hold it; `buildCloseOut` checks it with the
 * shared `visitCreateSchema` (the API's own rules and messages) before anything is queued.
 */
import { visitCreateSchema, type Visit } from '@portal/shared';
import type { CloseOutBody } from './offline';

export interface PartValues {
  description: string;
  quantity: string;
  unitPrice: string;
  [k: string]: string;
}

export interface CloseOutValues {
  /** `<input type="datetime-local">` values (the phone's local time). */
  arrivedAt: string;
  /** '' = the time Close out is tapped. */
  departedAt: string;
  workDone: string;
  parts: PartValues[];
  /** '' = arrival to departure. */
  minutes: string;
  billable: boolean;
  signerName: string;
  resolve: boolean;
  /** The drawn signature as a PNG data URL ('' = none): kept in the draft so a killed browser keeps it. */
  signature: string;
  /** The phone's current step (closeOutSteps.ts), kept in the draft; not sent. */
  step: string;
  [k: string]: string | boolean | PartValues[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date as a datetime-local value. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const emptyPart = (): PartValues => ({ description: '', quantity: '1', unitPrice: '' });

/**
 * The form as it opens: arrival = the Arrived tap (else now); time spent = the minutes of the
 * ticket's running timer (`timerMinutes`, from the tickets feature through lib/ticketTools), else
 * empty (= arrival to departure); everything stays editable.
 */
export function initialValues(arrivedAt: string | null, now = new Date(), timerMinutes: number | null = null): CloseOutValues {
  return { arrivedAt: toLocalInput(arrivedAt ? new Date(arrivedAt) : now), departedAt: '', workDone: '', parts: [], minutes: timerMinutes === null ? '' : String(timerMinutes), billable: true, signerName: '', resolve: true, signature: '', step: 'work' };
}

/**
 * The form of a correction (docs/visits.md "Corrections"), prefilled from the visit it corrects:
 * its times, work done, parts, time, billable and signer name; the signature is empty (a correction
 * is signed again). `resolve`: whether to resolve the ticket with it (off when it is resolved already).
 */
export function valuesFromVisit(visit: Visit, resolve: boolean): CloseOutValues {
  const parts = visit.parts.map((p) => ({ description: p.description, quantity: String(p.quantity), unitPrice: p.unitPrice === null || p.unitPrice === undefined ? '' : String(p.unitPrice) }));
  return { arrivedAt: toLocalInput(new Date(visit.arrivedAt)), departedAt: toLocalInput(new Date(visit.departedAt)), workDone: visit.workDone, parts, minutes: String(visit.minutes), billable: visit.billable, signerName: visit.signerName ?? '', resolve, signature: '', step: 'work' };
}

/** The message under the signature of a correction drawn without one. */
export const CORRECTION_SIGNATURE_REQUIRED = 'A correction needs a new signature: ask the customer to sign again.';

/** True when nothing was typed (the draft is dropped then; moving between steps alone is not typing). */
export const isUntouched = (v: CloseOutValues, start: CloseOutValues): boolean => JSON.stringify({ ...v, step: '' }) === JSON.stringify({ ...start, step: '' });

const iso = (local: string): string => {
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? local : t.toISOString();
};
const num = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s));

/** Stands for the signature's upload id while checking (the real one exists only after the upload). */
const CHECK_UPLOAD_ID = '0'.repeat(32);

/**
 * The body to queue, or the messages per field (`parts.0.quantity`, `departedAt`, ...).
 * @param hasSignature a signature was drawn (it needs the signer's name).
 * @param supersedesVisitId a correction: the visit it corrects (sent as `supersedesVisitId`); it needs a new signature.
 */
export function buildCloseOut(v: CloseOutValues, hasSignature: boolean, now = new Date(), supersedesVisitId: string | null = null): { body: CloseOutBody } | { errors: Record<string, string> } {
  const arrivedAt = iso(v.arrivedAt);
  const departedAt = v.departedAt ? iso(v.departedAt) : now.toISOString();
  const span = Math.round((Date.parse(departedAt) - Date.parse(arrivedAt)) / 60_000);
  const minutes = v.minutes.trim() === '' ? Math.min(1440, Math.max(0, Number.isNaN(span) ? 0 : span)) : num(v.minutes);
  const parts = v.parts
    .filter((p) => p.description.trim() || p.unitPrice.trim())
    .map((p) => ({ description: p.description, quantity: num(p.quantity), unitPrice: p.unitPrice.trim() === '' ? null : num(p.unitPrice) }));
  const signerName = v.signerName.trim() || null;
  const candidate = { arrivedAt, departedAt, workDone: v.workDone, parts, minutes, billable: v.billable, signerName, resolve: v.resolve, photoUploadIds: [], signatureUploadId: hasSignature ? CHECK_UPLOAD_ID : null, supersedesVisitId };
  const parsed = visitCreateSchema.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (supersedesVisitId && !hasSignature) errors.signature = CORRECTION_SIGNATURE_REQUIRED;
  if (!parsed.success || errors.signature) return { errors };
  const { photoUploadIds: _p, signatureUploadId: _s, ...body } = parsed.data;
  return { body };
}
