/**
 * The .eml log transport builds its messages without nodemailer's streams (mime-bytes.ts, issue 58):
 * the bytes must be exactly those nodemailer's streamTransport (`newline: 'unix'`) writes for the same
 * message, Message-ID, boundary and date.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTOMATIC_HEADERS, createLogEmail } from './email';
import { mimeBytesUnix } from './mime-bytes';

const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
const fixed = { messageId: '<0123abcd-0123-4567-89ab-0123456789ab@example.com>', baseBoundary: '0123456789abcdef', date: new Date('2026-11-30T12:00:00Z') };
const from = '"Acme IT Support" <support@example.com>';

/** nodemailer's own bytes for `data` (streamTransport, as createLogEmail used to send). */
async function nodemailerBytes(data: Record<string, unknown>): Promise<string> {
  return ((await stream.sendMail(data)).message as Buffer).toString('latin1');
}

const long = 'The benchmark printer reports a paper jam that is not there, again and again, all day long. ';
const cases: [string, Record<string, unknown>][] = [
  ['the confirmation e-mail (text + html, quoted-printable)', { subject: 'We received your support request - ticket T-000123', text: `Hello Bench,\n\n${long}\n`, html: `<p style="margin:0 0 16px">${long}</p>\n` }],
  ['accents, trailing spaces, CRLF and a subject to encode', { subject: 'Réponse à votre demande – ticket T-1', text: 'Zoë Ärger  \r\nline two\t\nend', html: '<p>Zoë</p>' }],
  ['mostly non-Latin (base64)', { subject: '工单已收到', text: '您好，我们已收到您的支持请求。'.repeat(20), html: `<p>${'您好'.repeat(100)}</p>` }],
  ['short ASCII text only (7bit), no html', { subject: 'Hi', text: 'Short line.' }],
  ['more than one 64 KiB slice of quoted-printable', { subject: 'Big', text: `${long.repeat(900)} \n`, html: `<pre>${'é'.repeat(70_000)}</pre>` }],
  ['attachments (multipart/mixed, base64)', { subject: 'Report', text: 'See the file.', html: '<p>See the file.</p>', attachments: [{ filename: 'report.csv', contentType: 'text/csv', content: Buffer.from('a,b\n1,2\n'.repeat(50)) }, { filename: 'naïve name.pdf', content: Buffer.alloc(300, 7) }] }],
  ['empty text', { subject: 'Empty', text: '' }],
];

describe('mimeBytesUnix', () => {
  it.each(cases)('%s: the same bytes as nodemailer', async (_name, part) => {
    const data = { from, to: 'Kim Lee <kim@example.com>', headers: { ...AUTOMATIC_HEADERS, References: '<ticket-1@portal>', 'X-Portal-Ticket': 'T-1' }, ...fixed, ...part };
    const ours = mimeBytesUnix(new MailComposer(data).compile());
    expect(ours).not.toBeNull();
    expect(ours!.toString('latin1')).toBe(await nodemailerBytes(data));
  });

  it('leaves a part that is not in memory to nodemailer (null)', () => {
    const data = { from, to: 'kim@example.com', subject: 'Stream', text: Readable.from(['streamed']) };
    expect(mimeBytesUnix(new MailComposer(data).compile())).toBeNull();
  });
});

describe('createLogEmail', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mime-bytes-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes what nodemailer writes, with a fresh Message-ID and boundary per message, mode 0600', async () => {
    const provider = createLogEmail({ dir, from });
    const message = { to: 'kim@example.com', subject: 'Ticket T-9', text: `Hello Zoë,\n${long}`, html: `<p>${long}</p>`, headers: { 'X-Portal-Ticket': 'T-9' } };
    const first = await provider.send(message);
    await provider.send(message);
    const files = fs.readdirSync(path.join(dir, 'mail')).map((f) => path.join(dir, 'mail', f));
    expect(files).toHaveLength(2);
    expect(first.detail).toBe(`written to ${files.find((f) => first.detail.includes(f))!} (no SMTP_URL configured)`);
    const eml = fs.readFileSync(files[0]!, 'latin1');
    expect(fs.statSync(files[0]!).mode & 0o777).toBe(0o600);
    const messageId = /^Message-ID: (<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@example\.com>)$/m.exec(eml)?.[1];
    const baseBoundary = /boundary="--_NmP-([0-9a-f]{16})-Part_1"/.exec(eml)?.[1];
    const date = /^Date: (.+)$/m.exec(eml)?.[1];
    expect(messageId && baseBoundary && date).toBeTruthy();
    expect(eml).toBe(await nodemailerBytes({ from, ...message, headers: { ...AUTOMATIC_HEADERS, ...message.headers }, messageId, baseBoundary, date }));
    expect(fs.readFileSync(files[1]!, 'latin1')).not.toContain(messageId!);
  });
});
