/**
 * The attachments feature's service: what its port (port.ts) offers other features, implemented
 * over process.ts (the upload's file work), repository.ts (the rows) and runtime.ts (storage, limits).
 * Other features import port.ts, never this file.
 */
import type { Readable } from 'node:stream';
import { ticketAttachmentCountMessage, ticketAttachmentSizeMessage, type AttachmentInfo } from '@portal/shared';
import type { Database } from '../../db/client';
import { conflict, tooLarge } from '../../http/errors';
import type { Services } from '../../services';
import { prepareUpload, type PreparedAttachment } from './process';
import {
  attachmentsOfTicket,
  createdEntryOf,
  findAttachment,
  insertAttachments,
  presentAttachment,
  ticketTotals,
  ticketsOfUploads,
} from './repository';
import { attachmentsFor } from './runtime';

/** Processed uploads plus the limits to check them against (from prepareAttachments). */
export interface AttachmentBatch {
  items: PreparedAttachment[];
  limits: { ticketMaxFiles: number; ticketMaxBytes: number };
  /** Uploads a new ticket named that are already on a ticket: its write answers 409 (port.ts). */
  taken?: string[];
}

const TAKEN_MESSAGE = 'This file is already attached to another ticket.';

/** The kept files of an e-mail (after `fitMailFiles`) as a batch for `recordAttachments`; undefined when none. */
export function mailBatch(files: { items: PreparedAttachment[]; limits: AttachmentBatch['limits'] }): AttachmentBatch | undefined {
  return files.items.length ? { items: files.items, limits: files.limits } : undefined;
}

/** See port.ts. @throws 400/413 from process.ts; 409 when an upload belongs to another ticket. */
export async function prepareAttachments(s: Pick<Services, 'config' | 'db'>, uploadIds: readonly string[] | undefined, ticketId: string | null): Promise<AttachmentBatch | undefined> {
  if (!uploadIds?.length) return undefined;
  const rt = attachmentsFor(s);
  const recorded = await ticketsOfUploads(s.db, [...uploadIds]);
  const items: PreparedAttachment[] = [];
  const taken: string[] = [];
  for (const id of uploadIds) {
    const owner = recorded.get(id);
    if (owner !== undefined) {
      if (ticketId === null) taken.push(id);
      else if (owner !== ticketId) throw conflict(TAKEN_MESSAGE);
      continue;
    }
    items.push(await prepareUpload(rt, id));
  }
  const batch: AttachmentBatch = { items, limits: rt.limits, ...(taken.length ? { taken } : {}) };
  // A new ticket's limits are checked here: its create shares a group commit with other tickets.
  if (ticketId === null) checkLimits(batch, { count: 0, bytes: 0 });
  return batch;
}

/** @throws 413 when `batch` added to a ticket holding `totals` exceeds the ticket's limits. */
function checkLimits(batch: AttachmentBatch, totals: { count: number; bytes: number }): void {
  const { ticketMaxFiles, ticketMaxBytes } = batch.limits;
  if (totals.count + batch.items.length > ticketMaxFiles) throw tooLarge(ticketAttachmentCountMessage(ticketMaxFiles));
  const bytes = batch.items.reduce((sum, a) => sum + a.size, totals.bytes);
  if (bytes > ticketMaxBytes) throw tooLarge(ticketAttachmentSizeMessage(ticketMaxBytes));
}

/**
 * See port.ts. @throws 413 with the ticket limit's message (nothing is inserted); 409 when an
 * upload is already on another ticket (`taken`, or recorded there since it was prepared).
 */
export async function recordAttachments(
  tx: Database,
  batch: AttachmentBatch | undefined,
  target: { ticketId: string; updateId: string | 'created'; customerVisible: boolean; now: Date },
): Promise<AttachmentInfo[]> {
  if (batch?.taken?.length) throw conflict(TAKEN_MESSAGE);
  if (!batch?.items.length) return [];
  const { ticketId } = target;
  checkLimits(batch, await ticketTotals(tx, ticketId));
  const updateId = target.updateId === 'created' ? await createdEntryOf(tx, ticketId) : target.updateId;
  if (!updateId) return [];
  const rows = await insertAttachments(
    tx,
    batch.items.map((a) => ({ ...a, ticketId, updateId, customerVisible: target.customerVisible, createdAt: target.now })),
  );
  if (rows.length < batch.items.length) {
    const skipped = batch.items.filter((a) => !rows.some((r) => r.uploadId === a.uploadId)).map((a) => a.uploadId);
    const owners = await ticketsOfUploads(tx, skipped);
    if (skipped.some((id) => owners.get(id) !== ticketId)) throw conflict(TAKEN_MESSAGE);
  }
  return rows.map(presentAttachment);
}

/** Every attachment of a ticket, oldest first (staff). */
export async function listTicketAttachments(db: Database, ticketId: string): Promise<AttachmentInfo[]> {
  return (await attachmentsOfTicket(db, ticketId)).map(presentAttachment);
}

/** The attachments a ticket's customer may see (theirs, and replies'), oldest first. */
export async function listCustomerAttachments(db: Database, ticketId: string): Promise<AttachmentInfo[]> {
  return (await attachmentsOfTicket(db, ticketId, true)).map(presentAttachment);
}

/** CSP of every attachment response: an opaque-origin sandbox with nothing active. */
export const ATTACHMENT_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** An attachment's bytes and what its response needs. */
export interface OpenedAttachment {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/** See port.ts. */
export async function openAttachment(
  s: Pick<Services, 'config' | 'db'>,
  ticketId: string,
  attachmentId: string,
  options: { thumb?: boolean; customerOnly?: boolean } = {},
): Promise<OpenedAttachment | null> {
  const row = await findAttachment(s.db, ticketId, attachmentId);
  if (!row || (options.customerOnly && !row.customerVisible)) return null;
  const storage = attachmentsFor(s).storage;
  const name = options.thumb && row.thumbName ? row.thumbName : row.storageName;
  const stat = await storage.stat(name);
  const stream = stat ? await storage.read(name) : null;
  if (!stat || !stream) return null;
  const thumb = name === row.thumbName;
  return {
    stream,
    fileName: thumb ? row.fileName.replace(/\.[^.]*$/, '-thumb.webp') : row.fileName,
    contentType: thumb ? 'image/webp' : row.contentType,
    size: stat.size,
  };
}
