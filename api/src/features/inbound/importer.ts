/**
 * One message -> a ticket, a customer reply, an ignored record or a "could not import" row
 * (docs/inbound-mail.md). The Message-ID is claimed in the SAME transaction that writes the ticket
 * or reply, so whoever calls this may flag/move the mailbox copy afterwards: after a crash between
 * the two, the next fetch finds the key and only flags (imported once). Never throws for a bad
 * message: size, parse and decode problems land in inbound_failures with the reason.
 */
import type { ImportRules } from '../../config';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import type { Services } from '../../services';
import { addCustomerMailReply, createTickets, newStatusLink, type StatusLinkDeps } from '../tickets/port';
import { fitMailFiles, mailBatch, prepareMailFiles, recordAttachments, type MailFiles, type RefusedFile } from '../attachments/port';
import { NO_SENDER, loopReason, parseMail, storable, type InboundMail } from './parse';
import { claimMessage, countFromSender, insertFailure, lockSender, settleMessage, storedHash } from './repository';
import { mentionNote, threadOf } from './threading';
import { cleanReply } from './cleanReply';

export type { ImportRules };

/** What happened to one message. `duplicate`: its Message-ID was imported before. */
export type ImportOutcome =
  | { kind: 'ticket'; ticketId: string; ticketNumber: string; messageId: string }
  | { kind: 'reply'; ticketId: string; messageId: string }
  | { kind: 'ignored'; reason: string; messageId: string }
  | { kind: 'duplicate'; messageId: string }
  | { kind: 'failed'; reason: string };

/** Shortest issue text the tickets feature accepts is 10 characters (SPEC.md 5); mail bodies are padded with the subject. */
const MAX_ISSUE = 10_000;

/**
 * The lines that list the mail's files left out, for the work-history entry's text (docs/inbound-mail.md
 * "Attachments"): '' when none.
 */
export function refusedNote(refused: readonly RefusedFile[]): string {
  if (!refused.length) return '';
  return `\n\n[Attachments not imported:\n${refused.map((r) => `- ${r.fileName}: ${r.reason}`).join('\n')}]`;
}

function issueOf(mail: InboundMail, note: string, prefix = ''): string {
  const body = mail.text || '(no text in the message)';
  const issue = mail.subject ? `${mail.subject}\n\n${body}` : body;
  const room = MAX_ISSUE - prefix.length - Math.min(note.length, MAX_ISSUE / 2);
  const text = issue.length > room ? `${issue.slice(0, room - 20)}\n[... shortened]` : issue;
  return (prefix + text + note).slice(0, MAX_ISSUE);
}

/** The mail's files (stored under names derived from `key`, the claimed Message-ID) processed under the upload rules, or, without file storage (`files` unset), all listed as not imported. */
async function filesOf(mail: InboundMail, rules: ImportContext, key: string): Promise<MailFiles> {
  if (rules.files) return prepareMailFiles(rules.files, key, mail.attachments);
  const refused = mail.attachments.map((a, i) => ({ fileName: a.fileName?.trim() || `attachment ${i + 1}`, reason: 'attachments are not imported here' }));
  return { items: [], refused, limits: { ticketMaxFiles: 0, ticketMaxBytes: 0 } };
}

/**
 * Largest message kept (base64) with a parse failure for Retry: a message that cannot be parsed
 * fails again, so a big one is not copied into the database (memory and disk stay bounded; issue 55:
 * seven 24 MiB mails without From). Failures to store keep up to INBOUND_MAX_BYTES.
 */
export const KEEP_UNPARSED_MAX = 1024 * 1024;

/** Records a message that could not be imported; `raw` is kept (base64) so it can be retried. Text fields lose NUL characters. */
async function fail(db: Database, raw: Buffer | null, size: number, reason: string, mail?: Partial<InboundMail>): Promise<ImportOutcome> {
  await insertFailure(db, {
    reason,
    size,
    rawBase64: raw ? raw.toString('base64') : null,
    messageId: mail?.messageId ? storable(mail.messageId) : null,
    sender: mail?.fromAddress ? storable(mail.fromAddress) : null,
    subject: mail?.subject ? storable(mail.subject).slice(0, 500) : null,
  });
  return { kind: 'failed', reason };
}

/** Records a message too large to fetch or keep (its copy stays in the mailbox). */
export async function refuseTooLarge(db: Database, size: number, rules: ImportRules, meta?: { messageId?: string; fromAddress?: string; subject?: string }): Promise<ImportOutcome> {
  return fail(db, null, size, `too large: ${size} bytes, the limit is ${rules.maxBytes}`, meta);
}

/**
 * Imports one raw message at `now`. Outcomes: a new ticket (severity medium, contact method
 * e-mail, the usual confirmation e-mail), a reply on an existing ticket (the tickets feature alerts the assignee),
 * ignored (loop rules, rate limit), duplicate, or failed (kept in inbound_failures).
 */
/**
 * The import rules plus how to make a new ticket's status link (docs/status-links.md): without
 * `statusLinks` (tests) a ticket from mail gets no link; and where its files go (`files`).
 */
export type ImportContext = ImportRules & {
  /** The app's event bus (`Services.events`): the new ticket or the reply is emitted in the import's transaction. */
  events: EventBus;
  statusLinks?: StatusLinkDeps | undefined;
  /** Where the mail's files go (the attachments feature's storage and limits); unset: files are only listed. */
  files?: Pick<Services, 'config'> | undefined;
};

export async function importMessage(db: Database, raw: Buffer, rules: ImportContext, now: Date): Promise<ImportOutcome> {
  if (raw.length > rules.maxBytes) return refuseTooLarge(db, raw.length, rules);
  let mail: InboundMail;
  try {
    mail = await parseMail(raw);
  } catch (err) {
    const reason = err instanceof Error && err.message === NO_SENDER ? NO_SENDER : 'the message is not valid MIME';
    return fail(db, raw.length <= KEEP_UNPARSED_MAX ? raw : null, raw.length, `could not parse: ${reason}`);
  }
  try {
    return await importParsed(db, mail, rules, now);
  } catch (err) {
    // The admin list shows the reason: a database error's code, never its SQL or parameters.
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    const reason = `could not store: database error${typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? ` ${code}` : ''}`;
    return fail(db, raw, raw.length, reason, mail);
  }
}

/** The Message-ID key to claim: the header's, or for a reused Message-ID with other content `<id>#<hash>` flagged; null: already imported. */
async function messageKey(db: Database, mail: InboundMail): Promise<{ key: string; flag: string | null } | null> {
  const stored = await storedHash(db, mail.messageId);
  if (stored === undefined) return { key: mail.messageId, flag: null };
  if (stored === null || stored === mail.contentHash) return null;
  return { key: `${mail.messageId}#${mail.contentHash.slice(0, 16)}`, flag: 'reused Message-ID' };
}

/** The note a message with a reused Message-ID carries in its text for staff. */
const reusedNote = (flag: string | null) => (flag ? `\n\n[Flagged: this message reuses the Message-ID of an earlier, different message.]` : '');

async function importParsed(db: Database, mail: InboundMail, rules: ImportContext, now: Date): Promise<ImportOutcome> {
  const claimed = await messageKey(db, mail);
  if (!claimed) return { kind: 'duplicate', messageId: mail.messageId };
  const messageId = claimed.key;
  const base = { messageId, sender: mail.fromAddress, subject: mail.subject.slice(0, 500), contentHash: mail.contentHash, flag: claimed.flag, createdAt: now };
  const since = new Date(now.getTime() - 3_600_000);
  const loop = loopReason(mail, rules.ownAddresses);
  // A quick count first spares a flood the file work; the count that decides is taken under the sender's lock.
  const limited = !loop && (await countFromSender(db, mail.fromAddress, since)) >= rules.perSenderPerHour;
  const ignored = loop ?? (limited ? 'rate limited' : null);
  if (ignored) {
    const done = await db.transaction((raw) => claimMessage(raw as unknown as Database, { ...base, outcome: `ignored: ${ignored}`, ticketId: null }));
    return done ? { kind: 'ignored', reason: ignored, messageId } : { kind: 'duplicate', messageId };
  }
  const thread = await threadOf(db, mail);
  // Files are processed (sniffed, re-encoded) before the transaction, as uploads are.
  const files = await filesOf(mail, rules, messageId);
  // A reply keeps only its new text in the work history; the mail as received stays with it (cleanReply.ts).
  const clean = thread && 'ticketId' in thread ? await cleanReply(mail.text) : null;
  return rules.events.transaction(db, async (tx): Promise<ImportOutcome> => {
    await lockSender(tx, mail.fromAddress);
    if ((await countFromSender(tx, mail.fromAddress, since)) >= rules.perSenderPerHour) {
      const done = await claimMessage(tx, { ...base, outcome: 'ignored: rate limited', ticketId: null });
      return done ? { kind: 'ignored', reason: 'rate limited', messageId } : { kind: 'duplicate', messageId };
    }
    if (!(await claimMessage(tx, { ...base, outcome: 'pending', ticketId: null }))) return { kind: 'duplicate', messageId };
    if (thread && 'ticketId' in thread) {
      const fit = await fitMailFiles(tx, thread.ticketId, files);
      const text = (clean?.text || mail.subject) + refusedNote(fit.refused) + reusedNote(claimed.flag);
      const done = await addCustomerMailReply(tx, rules.events, thread.ticketId, text, now, thread.rule, clean?.original ?? undefined);
      if (done) {
        await recordAttachments(tx, mailBatch(fit), { ticketId: done.id, updateId: done.entryId, customerVisible: true, now });
        await settleMessage(tx, messageId, 'reply', done.id, thread.rule);
        return { kind: 'reply', ticketId: done.id, messageId };
      }
    }
    const fit = await fitMailFiles(tx, null, files);
    const mention = thread && 'mentioned' in thread ? mentionNote(thread.mentioned) : '';
    const [created] = await createTickets(tx, rules.events, [
      {
        now,
        via: 'email',
        attachments: mailBatch(fit),
        statusLink: rules.statusLinks ? newStatusLink(rules.statusLinks, now) : undefined,
        input: {
          clientName: mail.fromName.slice(0, 200),
          businessName: null,
          customerEmail: mail.fromAddress,
          customerPhone: '',
          severity: 'medium',
          contactMethod: 'email',
          issue: issueOf(mail, refusedNote(fit.refused) + reusedNote(claimed.flag), mention),
        },
      },
    ]);
    await settleMessage(tx, messageId, 'ticket', created!.id, thread && 'mentioned' in thread ? thread.rule : null);
    return { kind: 'ticket', ticketId: created!.id, ticketNumber: created!.ticketNumber, messageId };
  });
}
