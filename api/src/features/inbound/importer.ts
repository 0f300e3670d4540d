/**
 * One message -> a ticket, a customer reply, an ignored record or a "could not import" row
 * (docs/inbound-mail.md). The Message-ID is claimed in the SAME transaction that writes the ticket
 * or reply, so whoever calls this may flag/move the mailbox copy afterwards: after a crash between
 * the two, the next fetch finds the key and only flags (imported once). Never throws for a bad
 * message: size, parse and decode problems land in inbound_failures with the reason.
 */
import type { ImportRules } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { addCustomerMailReply, createTickets, findTicketForMail, newStatusLink, type StatusLinkDeps } from '../tickets/port';
import { fitMailFiles, mailBatch, prepareMailFiles, recordAttachments, type MailFiles, type RefusedFile } from '../attachments/port';
import { loopReason, parseMail, ticketNumberIn, type InboundMail } from './parse';
import { claimMessage, countFromSender, insertFailure, settleMessage, ticketOfMessages } from './repository';

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

function issueOf(mail: InboundMail, note: string): string {
  const body = mail.text || '(no text in the message)';
  const issue = mail.subject ? `${mail.subject}\n\n${body}` : body;
  const room = MAX_ISSUE - Math.min(note.length, MAX_ISSUE / 2);
  const text = issue.length > room ? `${issue.slice(0, room - 20)}\n[... shortened]` : issue;
  return (text + note).slice(0, MAX_ISSUE);
}

/** The mail's files processed under the upload rules, or, without file storage (`files` unset), all listed as not imported. */
async function filesOf(mail: InboundMail, rules: ImportContext): Promise<MailFiles> {
  if (rules.files) return prepareMailFiles(rules.files, mail.messageId, mail.attachments);
  const refused = mail.attachments.map((a, i) => ({ fileName: a.fileName?.trim() || `attachment ${i + 1}`, reason: 'attachments are not imported here' }));
  return { items: [], refused, limits: { ticketMaxFiles: 0, ticketMaxBytes: 0 } };
}

/** The ticket id of a reply token `<ticket-<uuid>@portal>` (tickets' replyHeaders), else null. */
function replyToken(ref: string): string | null {
  return /^<ticket-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>]+>$/i.exec(ref)?.[1]?.toLowerCase() ?? null;
}

/** Which existing ticket a message answers: the reply token in References, its references to our imported mail, then a ticket number in the subject. */
async function replyTarget(db: Database, mail: InboundMail): Promise<string | null> {
  const token = mail.references.map(replyToken).find((id) => id !== null);
  if (token && (await findTicketForMail(db, { id: token }))) return token;
  const byRef = await ticketOfMessages(db, mail.references);
  if (byRef) return byRef;
  const number = ticketNumberIn(mail.subject);
  if (!number) return null;
  return (await findTicketForMail(db, { ticketNumber: number }))?.id ?? null;
}

/** Records a message that could not be imported; `raw` is kept (base64) when within the size limit so it can be retried. */
async function fail(db: Database, raw: Buffer | null, size: number, reason: string, mail?: Partial<InboundMail>): Promise<ImportOutcome> {
  await insertFailure(db, {
    reason,
    size,
    rawBase64: raw ? raw.toString('base64') : null,
    messageId: mail?.messageId ?? null,
    sender: mail?.fromAddress ?? null,
    subject: mail?.subject ? mail.subject.slice(0, 500) : null,
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
    return fail(db, raw, raw.length, `could not parse: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await importParsed(db, mail, rules, now);
  } catch (err) {
    return fail(db, raw, raw.length, `could not store: ${err instanceof Error ? err.message : String(err)}`, mail);
  }
}

async function importParsed(db: Database, mail: InboundMail, rules: ImportContext, now: Date): Promise<ImportOutcome> {
  const base = { messageId: mail.messageId, sender: mail.fromAddress, subject: mail.subject.slice(0, 500), createdAt: now };
  const loop = loopReason(mail, rules.ownAddresses);
  const limited = !loop && (await countFromSender(db, mail.fromAddress, new Date(now.getTime() - 3_600_000))) >= rules.perSenderPerHour;
  const ignored = loop ?? (limited ? 'rate limited' : null);
  if (ignored) {
    const claimed = await db.transaction((raw) => claimMessage(raw as unknown as Database, { ...base, outcome: `ignored: ${ignored}`, ticketId: null }));
    return claimed ? { kind: 'ignored', reason: ignored, messageId: mail.messageId } : { kind: 'duplicate', messageId: mail.messageId };
  }
  const target = await replyTarget(db, mail);
  // Files are processed (sniffed, re-encoded) before the transaction, as uploads are.
  const files = await filesOf(mail, rules);
  return db.transaction(async (raw): Promise<ImportOutcome> => {
    const tx = raw as unknown as Database;
    if (!(await claimMessage(tx, { ...base, outcome: 'pending', ticketId: null }))) return { kind: 'duplicate', messageId: mail.messageId };
    if (target) {
      const fit = await fitMailFiles(tx, target, files);
      const done = await addCustomerMailReply(tx, target, (mail.text || mail.subject) + refusedNote(fit.refused), now);
      if (done) {
        await recordAttachments(tx, mailBatch(fit), { ticketId: done.id, updateId: done.entryId, customerVisible: true, now });
        await settleMessage(tx, mail.messageId, 'reply', done.id);
        return { kind: 'reply', ticketId: done.id, messageId: mail.messageId };
      }
    }
    const fit = await fitMailFiles(tx, null, files);
    const [created] = await createTickets(tx, [
      {
        now,
        attachments: mailBatch(fit),
        statusLink: rules.statusLinks ? newStatusLink(rules.statusLinks, now) : undefined,
        input: {
          clientName: mail.fromName.slice(0, 200),
          businessName: null,
          customerEmail: mail.fromAddress,
          customerPhone: '',
          severity: 'medium',
          contactMethod: 'email',
          issue: issueOf(mail, refusedNote(fit.refused)),
        },
      },
    ]);
    await settleMessage(tx, mail.messageId, 'ticket', created!.id);
    return { kind: 'ticket', ticketId: created!.id, ticketNumber: created!.ticketNumber, messageId: mail.messageId };
  });
}
