/**
 * Parsing and loop rules for inbound mail (docs/inbound-mail.md "Safety"). `mailparser` decodes
 * MIME, transfer encodings and charsets (an unknown or broken charset falls back to a readable
 * decoding rather than failing); its `text` is the plain body, or the HTML converted to text
 * (html-to-text) when the message has only HTML. Nothing from mail is ever rendered as HTML.
 * Quoted history and signatures are kept: no maintained library trims them reliably for Node.
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

/** Parses raw RFC 5322 bytes. @throws Error with a short reason when there is no usable sender. */
export async function parseMail(raw: Buffer): Promise<InboundMail> {
  const { simpleParser } = await import('mailparser');
  const m = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = (m.from as AddressObject | undefined)?.value?.[0];
  if (!from?.address) throw new Error('no sender address (From)');
  const returnPathRaw = m.headerLines.find((l) => l.key === 'return-path')?.line ?? null;
  const returnPath = returnPathRaw === null ? null : returnPathRaw.replace(/^return-path:\s*/i, '').replace(/[<>\s]/g, '');
  return {
    messageId: m.messageId ?? `<${createHash('sha256').update(raw).digest('hex')}@inbound>`,
    fromAddress: from.address.toLowerCase(),
    fromName: from.name?.trim() || from.address,
    subject: (m.subject ?? '').trim(),
    text: (m.text ?? '').replace(/\r\n/g, '\n').trim(),
    references: [...ids(m.inReplyTo), ...ids(m.references)],
    autoSubmitted: header(m.headers, 'auto-submitted'),
    precedence: header(m.headers, 'precedence'),
    returnPath,
    attachments: m.attachments.map((a) => ({ fileName: a.filename, content: a.content })),
  };
}

/**
 * Why a message must not make a ticket or reply (mail loops, RFC 3834), or null when it may:
 * Auto-Submitted other than "no", Precedence bulk/junk/list/auto_reply, an empty return path
 * (bounces), or a sender that is one of our own addresses.
 */
export function loopReason(mail: InboundMail, ownAddresses: readonly string[]): string | null {
  if (mail.autoSubmitted && mail.autoSubmitted.trim().toLowerCase() !== 'no') return 'auto-submitted';
  if (mail.precedence && /^(bulk|junk|list|auto_reply)$/i.test(mail.precedence.trim())) return 'precedence';
  if (mail.returnPath === '') return 'bounce';
  if (/^(mailer-daemon|postmaster)@/i.test(mail.fromAddress)) return 'bounce';
  if (ownAddresses.includes(mail.fromAddress)) return 'own address';
  return null;
}

/** The ticket number in a subject ("Re: ... TKT-000123"), upper-cased, or null. */
export function ticketNumberIn(subject: string): string | null {
  return /\bTKT-\d{6,}\b/i.exec(subject)?.[0].toUpperCase() ?? null;
}
