/**
 * E-mail providers (DESIGN.md 4a, 6), both nodemailer transports:
 * - SMTP_URL set: nodemailer's SMTP transport (`smtp://user:pass@host:587`, `smtps://...:465`).
 * - unset (the `npm start` default): nodemailer's MailComposer builds the real MIME message (the
 *   tree its streamTransport would send, serialised in one synchronous pass: mime-bytes.ts; issue
 *   58, the e-mail cost more CPU than the create it confirms), which is written as an .eml file to
 *   `DATA_DIR/outbox-log/mail/` (folder 0700, files 0600: they hold customer data). Such a message
 *   counts as delivered and its detail names the file.
 * Failures: an SMTP 5xx answer is permanent (bad address, rejected); anything else (connection
 * refused, timeouts, 4xx) is retried by the dispatcher.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { EmailMessage, EmailProvider, SendResult } from '../types';
import { PermanentError } from '../types';
import { logFolder } from './log-folder';
import { mimeBytesUnix } from './mime-bytes';

/** Timeouts in ms; all below the dispatcher's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Headers every e-mail of the portal carries (RFC 3834; issue 55): it is machine-made, so
 * autoresponders (out-of-office) must not answer it and mail loops with other help desks stop;
 * `X-Auto-Response-Suppress` asks Exchange for the same.
 */
export const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' } as const;

/** The message nodemailer receives (from + the rendered parts + AUTOMATIC_HEADERS). */
function mailOptions(from: string, m: EmailMessage) {
  const files = m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
  return { from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: { ...AUTOMATIC_HEADERS, ...m.headers }, ...(files ? { attachments: files } : {}) };
}

/** SMTP host:port for logs, without credentials. */
function describeSmtp(url: string): string {
  const u = new URL(url);
  return `smtp ${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}`;
}

/** Delivers through the SMTP server of `smtpUrl`. */
export function createSmtpEmail(opts: { smtpUrl: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    description: describeSmtp(opts.smtpUrl),
    async send(m: EmailMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail(mailOptions(opts.from, m));
        return { detail: `SMTP ${String(info.response)} (${String(info.messageId)})` };
      } catch (err) {
        const e = err as { responseCode?: number; message?: string };
        const reason = `SMTP: ${e.message ?? String(err)}`;
        if (typeof e.responseCode === 'number' && e.responseCode >= 500) throw new PermanentError(reason);
        throw new Error(reason, { cause: err });
      }
    },
    close: () => transport.close(),
  };
}

/** File name of one logged e-mail: sortable time, then a short unique part. */
function emlName(now: Date, messageId: string): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const unique = messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || 'message';
  return `${stamp}-${unique}.eml`;
}

/**
 * The per-message random parts for which nodemailer would make six of its eight `crypto.randomBytes`
 * calls per message (a synchronous trip to the system's generator each): the Message-ID in its own
 * form (`<8-4-4-4-12 hex@domain of From>`, five calls) and the multipart boundaries' shared 16 hex
 * digits (one; each child part still draws its own unused base), from one `randomUUID` (Node's cached
 * entropy) each.
 */
function randomParts(fromDomain: string): { messageId: string; baseBoundary: string } {
  return { messageId: `<${randomUUID()}@${fromDomain}>`, baseBoundary: randomUUID().replace(/-/g, '').slice(0, 16) };
}

/**
 * `fs.writeFile` with a callback (open, write, close in the thread pool), as a promise: less of the
 * main thread's CPU per small file than `fs/promises` writeFile with its FileHandle and write loop
 * (issue 58).
 */
const writeFileOnce = promisify(writeFile);

/** Writes each e-mail as an .eml file under `dir/mail` (see module doc). */
export function createLogEmail(opts: { dir: string; from: string; clock?: () => Date }): EmailProvider {
  const mailDir = path.join(opts.dir, 'mail');
  const intoMailDir = logFolder(mailDir);
  // Message-ID's domain as nodemailer takes it: the From address's, else localhost (once per process).
  const fromDomain = (new MailComposer({ from: opts.from }).compile().getEnvelope().from || 'localhost').split('@').pop()!;
  return {
    description: `log ${mailDir}`,
    async send(m: EmailMessage): Promise<SendResult> {
      const node = new MailComposer({ ...mailOptions(opts.from, m), ...randomParts(fromDomain) }).compile();
      const message = mimeBytesUnix(node) ?? unixLines(await node.build());
      const file = path.join(mailDir, emlName((opts.clock ?? (() => new Date()))(), node.messageId()));
      await intoMailDir(() => writeFileOnce(file, message, { mode: 0o600 }));
      return { detail: `written to ${file} (no SMTP_URL configured)` };
    },
    close: () => {},
  };
}

/** A message built by nodemailer with CRLF line breaks, with LF ones (its `newline: 'unix'`: every CR dropped). */
function unixLines(message: Buffer): Buffer {
  return Buffer.from(message.filter((b) => b !== 0x0d));
}
