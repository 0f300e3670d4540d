/**
 * Files that came with an e-mail (docs/inbound-mail.md "Attachments"): the same rules as uploads
 * (docs/attachments.md): accepted types by name, ATTACHMENT_MAX_MB each, at most
 * ATTACHMENTS_PER_REQUEST per message (as per form or update), content sniffed, images
 * re-encoded by sharp without EXIF/GPS plus a thumbnail (process.ts), and the ticket's count and
 * total size limits. Unlike an upload, a file that breaks a rule does not refuse the whole write:
 * it is left out and reported with its reason, so the caller can write it into the ticket's history.
 */
import { createHash } from 'node:crypto';
import { ATTACHMENTS_PER_REQUEST, ticketAttachmentCountMessage, ticketAttachmentSizeMessage } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Services } from '../../services';
import { checkDeclared, cleanFileName, processBytes, type PreparedAttachment } from './process';
import { ticketTotals } from './repository';
import { attachmentsFor } from './runtime';

/** One file of a message: its name as sent (may be missing) and its decoded bytes. */
export interface MailFile {
  fileName: string | null | undefined;
  content: Buffer;
}

/** A file left out, with the reason in words (e.g. the upload rule's message). */
export interface RefusedFile {
  fileName: string;
  reason: string;
}

/** The files that passed, ready for `recordAttachments` after {@link fitMailFiles}. */
export interface MailFiles {
  items: PreparedAttachment[];
  refused: RefusedFile[];
  limits: { ticketMaxFiles: number; ticketMaxBytes: number };
}

const reasonOf = (err: unknown) => (err instanceof ApiError ? err.message : 'could not be read');

/**
 * Processes `files` of the message keyed `messageKey` (its Message-ID) one by one, BEFORE the
 * import's transaction. Stored names derive from the key and the file's position, so importing the
 * same message again overwrites the same objects. Never throws for a bad file.
 */
export async function prepareMailFiles(s: Pick<Services, 'config'>, messageKey: string, files: readonly MailFile[]): Promise<MailFiles> {
  const rt = attachmentsFor(s);
  const out: MailFiles = { items: [], refused: [], limits: rt.limits };
  for (const [i, file] of files.entries()) {
    const shown = file.fileName?.trim() || `attachment ${i + 1}`;
    if (out.items.length >= ATTACHMENTS_PER_REQUEST) {
      out.refused.push({ fileName: shown, reason: `At most ${ATTACHMENTS_PER_REQUEST} files can be attached at once` });
      continue;
    }
    try {
      let fileName: string;
      try {
        fileName = cleanFileName(file.fileName);
      } catch {
        throw new ApiError(400, 'validation_failed', 'it has no usable file name');
      }
      checkDeclared(fileName, file.content.length, rt.limits.maxFileBytes);
      const id = createHash('sha256').update(`${messageKey}\u0000${i}`).digest('hex').slice(0, 32);
      out.items.push(await processBytes(rt, id, fileName, file.content));
    } catch (err) {
      out.refused.push({ fileName: shown, reason: reasonOf(err) });
    }
  }
  return out;
}

/**
 * Keeps the files that fit ticket `ticketId`'s count and size limits (null: a new ticket, holding
 * none), in message order; the rest move to `refused` with the limit's message. Call inside the
 * write's transaction, after the ticket's row lock.
 */
export async function fitMailFiles(tx: Database, ticketId: string | null, files: MailFiles): Promise<MailFiles> {
  const totals = ticketId ? await ticketTotals(tx, ticketId) : { count: 0, bytes: 0 };
  const { ticketMaxFiles, ticketMaxBytes } = files.limits;
  const fit: MailFiles = { items: [], refused: [...files.refused], limits: files.limits };
  let { count, bytes } = totals;
  for (const item of files.items) {
    if (count + 1 > ticketMaxFiles) fit.refused.push({ fileName: item.fileName, reason: ticketAttachmentCountMessage(ticketMaxFiles) });
    else if (bytes + item.size > ticketMaxBytes) fit.refused.push({ fileName: item.fileName, reason: ticketAttachmentSizeMessage(ticketMaxBytes) });
    else {
      fit.items.push(item);
      count += 1;
      bytes += item.size;
    }
  }
  return fit;
}
