/**
 * Files that come with an e-mail (docs/inbound-mail.md "Attachments"), sent through the SMTP
 * listener with the real importer: a new ticket's files and a reply's become ticket attachments
 * under the upload rules (type, size, content sniffed, photos re-encoded without EXIF/GPS, thumbnails,
 * the ticket's count limit); every file left out is named with its reason in the work-history
 * entry's text, none is dropped silently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import sharp from 'sharp';
import { attachmentTooLargeMessage, attachmentTypeMessage, ticketAttachmentCountMessage, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import { readInboundConfig } from '../../config';
import { startTestApp, type TestApp } from '../../test/app';
import { jpegWithGps, smallPng } from '../attachments/attachments.testkit';
import type { ImportOutcome } from './importer';
import { startSmtpListener, type SmtpListener } from './smtp';

const MB = 1024 * 1024;
let t: TestApp;
let tech = '';
let listener: SmtpListener;
const outcomes: ImportOutcome[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ATTACHMENT_MAX_MB: '1', ATTACHMENT_TICKET_MAX_FILES: '3' } });
  tech = (await t.loginAs('technician')).token;
  const { config } = readInboundConfig({ INBOUND_ADDRESSES: 'help@acme.test' }, { supportEmail: 'help@acme.test', mailFrom: 'noreply@acme.test' });
  listener = await startSmtpListener({
    db: t.db,
    host: '127.0.0.1',
    port: 0,
    addresses: config.addresses,
    rules: { ...config.rules, events: t.events, files: { config: t.config } },
    clock: () => t.clock.now(),
    onImported: (o) => outcomes.push(o),
  });
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const send = (mail: SendMailOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true }).sendMail({ from: 'Sam Doe <sam@example.com>', to: 'help@acme.test', ...mail });
const ticketOf = async (id: string) => (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech })).body;
const historyOf = async (id: string) => (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech })).body;

describe('attachments of inbound mail', () => {
  it('become the new ticket\'s and the reply\'s attachments; files left out are listed with their reason', async () => {
    const photo = await jpegWithGps(800, 600);
    await send({
      subject: 'Printer error on screen',
      text: 'See the photo and the log.',
      messageId: '<att-1@example.com>',
      attachments: [
        { filename: 'IMG_0042.JPG', content: photo },
        { filename: 'printer.log', content: 'E04 paper path\n' },
        { filename: 'setup.exe', content: Buffer.from('MZ fake program') },
        { filename: 'fake.png', content: Buffer.from('this is not a png at all') },
        { filename: 'scan.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MB + 10, 0x20)]) },
      ],
    });
    const created = outcomes.at(-1)!;
    expect(created).toMatchObject({ kind: 'ticket' });
    const ticket = await ticketOf((created as { ticketId: string }).ticketId);
    expect(ticket.attachments!.map((a) => [a.fileName, a.contentType, a.thumb]).sort()).toEqual([
      ['IMG_0042.JPG', 'image/jpeg', true],
      ['printer.log', 'text/plain; charset=utf-8', false],
    ]);
    expect(ticket.issue).toContain('[Attachments not imported:');
    expect(ticket.issue).toContain(`- setup.exe: ${attachmentTypeMessage('setup.exe')}`);
    expect(ticket.issue).toMatch(/- fake\.png: The file content does not match its \.png extension/);
    expect(ticket.issue).toContain(`- scan.pdf: ${attachmentTooLargeMessage(MB)}`);
    const created0 = (await historyOf(ticket.id)).find((e) => e.updateType === 'created')!;
    expect(created0.attachments).toHaveLength(2);

    // The photo was re-encoded: no EXIF, no GPS, no camera name.
    const jpg = ticket.attachments!.find((a) => a.fileName === 'IMG_0042.JPG')!;
    const res = await fetch(`${t.url}/api/tickets/${ticket.id}/attachments/${jpg.id}`, { headers: { authorization: `Bearer ${tech}` } });
    const stored = Buffer.from(await res.arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // A reply with two more photos: the ticket holds at most 3, so the second is left out and named.
    await send({
      subject: `Re: We received your support request - ticket ${ticket.ticketNumber}`,
      text: 'Two more photos.',
      messageId: '<att-2@example.com>',
      attachments: [
        { filename: 'front.png', content: await smallPng() },
        { filename: 'back.png', content: await smallPng() },
      ],
    });
    expect(outcomes.at(-1)).toMatchObject({ kind: 'reply', ticketId: ticket.id });
    const reply = (await historyOf(ticket.id)).find((e) => e.updateType === 'customer_reply')!;
    expect(reply.comment).toBe(`Two more photos.\n\n[Attachments not imported:\n- back.png: ${ticketAttachmentCountMessage(3)}]`);
    expect(reply.attachments!.map((a) => a.fileName)).toEqual(['front.png']);
    expect((await ticketOf(ticket.id)).attachments).toHaveLength(3);
  });
});
