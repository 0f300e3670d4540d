/**
 * Parsing and loop rules for inbound mail (docs/inbound-mail.md "Safety"). `mailparser` decodes
 * MIME, transfer encodings and charsets (an unknown or broken charset falls back to a readable
 * decoding rather than failing); its `text` is the plain body, or the HTML converted to text
 * (html-to-text) when the message has only HTML. Nothing from mail is ever rendered as HTML.
 * The text is kept whole here; a reply's quoted history is split off later (cleanReply.ts).
 * mailparser (about 5 MB of the API's heap) is loaded with the first message, not at start
 * (docs/decisions.md "API memory").
 */
import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';

/** What the importer needs from one message. `messageId` is the header's, or `<sha256 of the bytes>@inbound` when absent. */
export interface InboundMail {
  messageId: string;
  fromAddress: string;
  fromName: string;
  subject: string;
  text: string;
  /** In-Reply-To plus References, each `<...>`. */
  references: string[];
  autoSubmitted: string | null;
  precedence: string | null;
  /** Return-Path as given; '' for a bounce ("<>"), null when the header is absent. */
  returnPath: string | null;
  /** The message's attachments (inline ones too), decoded, in message order. */
  attachments: { fileName: string | undefined; content: Buffer }[];
  /** Why the headers mark an auto-reply or list mail other than Auto-Submitted/Precedence (e.g. 'X-Autoreply'), else null. */
  autoHeader: string | null;
  /** SHA-256 (hex) of what the message says: sender, subject, text and each file's bytes; a reused Message-ID with another hash is a different message. */
  contentHash: string;
}

/**
 * Headers that mark an automatic answer or list mail (docs/inbound-mail.md "Safety"): the name, and
 * for some a value pattern (absent = any value). Exchange marks its out-of-office answers with
 * X-Auto-Response-Suppress (All / OOF / AutoReply) and X-MS-Exchange-Inbox-Rules-Loop (rule-made mail);
 * older autoresponders with X-Autoreply / X-Autorespond; mailing lists with List-Id.
 */
const AUTO_HEADERS: readonly (readonly [string, RegExp | null])[] = [
  ['x-autoreply', null],
  ['x-autorespond', null],
  ['x-autoresponder', null],
  ['x-auto-response-suppress', /\b(all|oof|autoreply)\b/i],
  ['x-ms-exchange-inbox-rules-loop', null],
  ['x-ms-exchange-generated-message-source', null],
  ['list-id', null],
];

/** Text as PostgreSQL can store it: no NUL characters (a NUL byte in a mail must not make it unimportable). */
export const storable = (v: string): string => v.replaceAll('\u0000', '');

/** Largest header block read before parsing a whole message (a message without From is refused without decoding its body). */
const HEADER_MAX = 256 * 1024;

/** The header block of `raw` (up to the first empty line, at most HEADER_MAX bytes). */
function headerBlock(raw: Buffer): Buffer {
  const head = raw.subarray(0, HEADER_MAX);
  const crlf = head.indexOf('\r\n\r\n');
  const lf = head.indexOf('\n\n');
  const end = [crlf, lf].filter((i) => i >= 0);
  return end.length ? head.subarray(0, Math.min(...end) + 2) : head;
}

/** True when the header block names a From address (checked before the whole message is decoded). */
export async function hasSender(raw: Buffer): Promise<boolean> {
  const { simpleParser } = await import('mailparser');
  const m = await simpleParser(headerBlock(raw), { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  return Boolean((m.from as AddressObject | undefined)?.value?.[0]?.address);
}

const header = (headers: Map<string, unknown>, name: string): string | null => {
  const v = headers.get(name);
  if (v == null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && 'value' in (v as object)) return String((v as { value: unknown }).value);
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text);
  return String(v);
};

const ids = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/\s+/)).filter(Boolean);

/**
 * Parses raw RFC 5322 bytes; text fields lose NUL characters (`storable`). The header block is read
 * first: a message without a From address is refused before its body is decoded (memory bounded).
 * @throws Error with a short reason when there is no usable sender.
 */
export async function parseMail(raw: Buffer): Promise<InboundMail> {
  if (!(await hasSender(raw))) throw new Error(NO_SENDER);
  const { simpleParser } = await import('mailparser');
  const m = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = (m.from as AddressObject | undefined)?.value?.[0];
  if (!from?.address) throw new Error(NO_SENDER);
  const returnPathRaw = m.headerLines.find((l) => l.key === 'return-path')?.line ?? null;
  const returnPath = returnPathRaw === null ? null : returnPathRaw.replace(/^return-path:\s*/i, '').replace(/[<>\s]/g, '');
  const fromAddress = storable(from.address.toLowerCase());
  const subject = storable((m.subject ?? '').trim());
  const text = storable((m.text ?? '').replace(/\r\n/g, '\n').trim());
  const attachments = m.attachments.map((a) => ({ fileName: a.filename === undefined ? undefined : storable(a.filename), content: a.content }));
  const hash = createHash('sha256').update(`${fromAddress}\n${subject}\n${text}`);
  for (const a of attachments) hash.update(createHash('sha256').update(a.content).digest());
  // Raw header lines: mailparser folds some (List-*) into structured values.
  const auto = AUTO_HEADERS.find(([name, pattern]) => m.headerLines.some((l) => l.key === name && (!pattern || pattern.test(l.line.slice(name.length + 1)))));
  return {
    messageId: storable(m.messageId ?? `<${createHash('sha256').update(raw).digest('hex')}@inbound>`),
    fromAddress,
    fromName: storable(from.name?.trim() || from.address),
    subject,
    text,
    references: [...ids(m.inReplyTo), ...ids(m.references)].map(storable),
    autoSubmitted: header(m.headers, 'auto-submitted'),
    precedence: header(m.headers, 'precedence'),
    returnPath,
    attachments,
    autoHeader: auto ? auto[0] : null,
    contentHash: hash.digest('hex'),
  };
}

/** The reason of a message without a usable sender. */
export const NO_SENDER = 'no sender address (From)';

/**
 * Why a message must not make a ticket or reply (mail loops, RFC 3834), or null when it may:
 * Auto-Submitted other than "no", Precedence bulk/junk/list/auto_reply, an auto-reply or list
 * header (AUTO_HEADERS: X-Autoreply, X-Autorespond, Exchange out-of-office, List-Id), an empty return path
 * (bounces), or a sender that is one of our own addresses.
 */
export function loopReason(mail: InboundMail, ownAddresses: readonly string[]): string | null {
  if (mail.autoSubmitted && mail.autoSubmitted.trim().toLowerCase() !== 'no') return 'auto-submitted';
  if (mail.precedence && /^(bulk|junk|list|auto_reply)$/i.test(mail.precedence.trim())) return 'precedence';
  if (mail.autoHeader) return `auto-reply (${mail.autoHeader})`;
  if (mail.returnPath === '') return 'bounce';
  if (/^(mailer-daemon|postmaster)@/i.test(mail.fromAddress)) return 'bounce';
  if (ownAddresses.includes(mail.fromAddress)) return 'own address';
  return null;
}

/** The ticket number in a subject ("Re: ... TKT-000123"), upper-cased, or null. */
export function ticketNumberIn(subject: string): string | null {
  return /\bTKT-\d{6,}\b/i.exec(subject)?.[0].toUpperCase() ?? null;
}
