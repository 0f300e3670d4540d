/**
 * Texts of the status link messages and the customer-reply alert: the link derived from the nonce
 * with the sending process's secret, branding, and every user text escaped in the HTML part.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { Brand, RenderContext } from '../../notify';
import { createPublicTokenKey } from '../../lib/public-tokens';
import { customerReplyEmail, customerReplyPush } from '../tickets/replyAlerts';
import { statusLinkEmail, statusLinkSms } from './notifications';

const brand: Brand = { appName: 'Acme <IT>', supportPhone: '(555) 123-4567', supportEmail: 'help@acme.test', publicUrl: 'https://help.acme.test' };
const secret = Buffer.alloc(32, 7);
const ctx: RenderContext = { brand, config: { publicLinkSecret: secret, dataDir: '/nonexistent' } as Config };
const ticketId = '7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11';
const nonce = 'AbCdEfGhIjKlMnOpQrStUv';
const token = createPublicTokenKey({ secret, dataDir: '/nonexistent', fileName: 'unused' }).token('ticket-status', nonce);
const link = `https://help.acme.test/status/${token}`;
const clientName = 'Robin <script>alert(1)</script>';

describe('status link messages', () => {
  it('e-mail: the link from the nonce, the ticket number, threading headers; the name escaped in HTML', () => {
    const m = statusLinkEmail.render({ ticketId, ticketNumber: 'TKT-000042', clientName, statusNonce: nonce }, ctx);
    expect(m.subject).toBe('Your link to ticket TKT-000042');
    expect(m.text).toContain(link);
    expect(m.html).toContain(`href="${link}"`);
    expect(m.html).not.toContain('<script>');
    expect(m.headers).toEqual({ References: `<ticket-${ticketId}@portal>`, 'X-Portal-Ticket': 'TKT-000042' });
  });

  it('SMS: short, with the link', () => {
    const { body } = statusLinkSms.render({ ticketId, ticketNumber: 'TKT-000042', clientName, statusNonce: nonce }, ctx);
    expect(body).toBe(`Acme <IT>: follow your ticket TKT-000042 and reply here: ${link}`);
  });
});

describe('customer-reply alert', () => {
  const payload = { ticketId, ticketNumber: 'TKT-000042', clientName, text: `Still <b>broken</b>. ${'x'.repeat(300)}`, via: 'email' as const };
  it('push: opens the ticket, the text shortened', () => {
    const p = customerReplyPush.render(payload, ctx);
    expect(p).toMatchObject({ title: 'Customer replied on TKT-000042', url: `/technician?ticket=${ticketId}`, tag: `ticket-${ticketId}` });
    expect(p.body.length).toBeLessThan(160);
    expect(customerReplyPush.summary(payload)).toBe('Customer reply by e-mail on TKT-000042');
  });
  it('e-mail to the notification recipients: the reply quoted and escaped, the ticket link', () => {
    const m = customerReplyEmail.render(payload, ctx);
    expect(m.subject).toBe(`Customer replied on TKT-000042 (unassigned) - ${clientName}`);
    expect(m.html).toContain('Still &lt;b&gt;broken&lt;/b&gt;');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain(`https://help.acme.test/technician?ticket=${ticketId}`);
  });
});
