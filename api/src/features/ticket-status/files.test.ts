/**
 * A staff reply's files reach the customer through the status link only (docs/attachments.md "Who
 * sees what"): the update e-mail names them and links the status page, never a file URL; the page's
 * timeline lists them on the reply and the token holder downloads them with Content-Disposition,
 * nosniff and the sandbox CSP. An internal note's file appears nowhere and is not served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { STATUS_TEXT, statusAttachmentPath, type TicketStatusView } from '@portal/shared';
import { TEST_PUBLIC_URL, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { smallPng, tusUpload } from '../attachments/attachments.testkit';

let h: NotifyTestApp;
let tech = '';
beforeAll(async () => {
  h = await startNotifyTestApp();
  tech = (await h.t.loginAs('technician')).token;
});
afterAll(() => h.close());

const patch = (id: string, body: Record<string, unknown>) => h.t.request('PATCH', `/api/tickets/${id}`, { token: tech, body });
const tokenOf = (url: string | undefined) => /\/status\/([A-Za-z0-9_-]{43})$/.exec(url ?? '')![1]!;
const get = (path: string) => fetch(h.t.url + path);

describe('files of a staff reply on the status link', () => {
  it('are named in the e-mail, listed on the reply in the timeline and served to the token holder; a note\'s never', async () => {
    const customerEmail = `${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await h.t.createTicket({ customerEmail });
    const token = tokenOf(ticket.statusUrl);
    const photo = await tusUpload(h.t.url, 'router.png', await smallPng());
    const log = await tusUpload(h.t.url, 'diagnostics.log', Buffer.from('link up\nlink down\n'));
    const secret = await tusUpload(h.t.url, 'admin-password.txt', Buffer.from('hunter2\n'));
    expect((await patch(ticket.id, { comment: 'Photo of your router and the log', reply: true, attachments: [photo, log] })).status).toBe(200);
    expect((await patch(ticket.id, { comment: 'Router admin password', attachments: [secret] })).status).toBe(200);

    await h.t.notifier.dispatcher.runOnce();
    const mail = h.smtp.to(customerEmail).find((m) => m.decoded.includes('Photo of your router'))!;
    expect(mail.decoded).toMatch(/Files sent with this reply: router\.png \([\d.]+ (?:bytes|KB)\), diagnostics\.log \(18 bytes\)/);
    expect(mail.decoded).toContain(`${TEST_PUBLIC_URL}/status/${token}`);
    expect(mail.decoded).not.toMatch(/\/attachments\//);
    expect(mail.decoded).not.toContain('admin-password');

    const view = await h.t.request<TicketStatusView>('GET', `/api/ticket-status/${token}`);
    const reply = view.body.timeline.find((e) => e.kind === 'staff_reply')!;
    const files = [...reply.attachments!].sort((a, b) => a.fileName.localeCompare(b.fileName));
    expect(files.map((a) => [a.fileName, a.contentType, a.thumb])).toEqual([
      ['diagnostics.log', 'text/plain; charset=utf-8', false],
      ['router.png', 'image/png', true],
    ]);
    expect(view.text).not.toContain('admin-password');
    expect(view.body.timeline.filter((e) => e.attachments).length).toBe(1);

    const [txt, png] = files;
    const file = await get(statusAttachmentPath(token, txt!.id));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('link up\nlink down\n');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="diagnostics.log"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('referrer-policy')).toBe('no-referrer');
    const image = await get(statusAttachmentPath(token, png!.id));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="router.png"');
    const thumb = await get(statusAttachmentPath(token, png!.id, true));
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    // The note's file, by its id: the same neutral 404 as a bad token; so is another ticket's file.
    const staffView = await h.t.request('GET', `/api/tickets/${ticket.id}`, { token: tech });
    const noteFile = (staffView.body.attachments as { id: string; fileName: string }[]).find((a) => a.fileName === 'admin-password.txt')!;
    const hidden = await get(statusAttachmentPath(token, noteFile.id));
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ message: STATUS_TEXT.invalidLink, code: 'not_found' });
    const other = await h.t.createTicket({ customerEmail });
    expect((await get(statusAttachmentPath(tokenOf(other.statusUrl), txt!.id))).status).toBe(404);
    expect((await get(statusAttachmentPath('A'.repeat(43), txt!.id))).status).toBe(404);
  });
});
