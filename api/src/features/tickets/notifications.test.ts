/**
 * The tickets feature's message texts (SPEC.md 7): links, labels, branding, and escaping of
 * every user text in the HTML part. Delivery through the real libraries is covered by alerts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { JobKind } from '../../notify';
import { TEST_TICKET, renderContext } from '../../test/render';
import { assignedPush, customerConfirmation, customerSms, newTicketPush, newTicketStaff, supportSms, ticketUpdated } from './notifications';

const ctx = renderContext();
const ticket = TEST_TICKET;

/** Renders an e-mail kind as the dispatcher hands it to the provider. */
const email = <P extends object>(kind: JobKind<P, 'email'>, payload: P, to: string) => ({ to, ...kind.render(payload, ctx) });

describe('e-mails', () => {
  it('new-ticket alert: every detail, the ticket link, labels and branding; no raw user HTML', () => {
    const m = email(newTicketStaff, { ticket }, 'ops@acme.test');
    expect(m.to).toBe('ops@acme.test');
    expect(m.subject).toBe('New ticket TKT-000042 (Urgent) - Robin "Bobby" <script>alert(1)</script>');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('https://help.acme.test/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11');
      expect(part).toContain('Urgent - Business-critical; immediate support required');
      expect(part).toContain('(555) 010-2030');
      expect(part).toContain('help@acme.test');
    }
    expect(m.text).toContain("Contact method: Text Message - We'll text you for quick replies");
    expect(m.text).toContain('Server down.\n<img src=x onerror=alert(1)>\nPlease hurry!');
    expect(m.html).not.toMatch(/<script|<img/);
    expect(m.html).toContain('Robin &quot;Bobby&quot; &lt;script&gt;');
    expect(m.html).toContain('R &amp; D Ltd');
    expect(m.html).toContain('Acme &lt;IT&gt;');
    expect(m.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });

  it('customer confirmation carries the ticket number, phone hours and contacts', () => {
    const m = email(customerConfirmation, { ticket }, ticket.customerEmail);
    expect(m.subject).toBe('We received your support request - ticket TKT-000042');
    expect(m.text).toContain('Please keep your ticket number TKT-000042');
    expect(m.text).toContain('Call (555) 123-4567 (10am-6pm Monday through Friday)');
    expect(m.text).not.toContain('You attached');
  });

  it('customer confirmation lists the files the customer attached', () => {
    const attachments = [
      { fileName: 'screen.jpg', size: 1_048_576 },
      { fileName: 'router.log', size: 2048 },
    ];
    const m = email(customerConfirmation, { ticket, attachments }, ticket.customerEmail);
    expect(m.text).toContain('You attached: screen.jpg (1.00 MB), router.log (2.00 KB).');
  });

  it('update e-mail words each change with the shared labels', () => {
    const m = email(
      ticketUpdated,
      {
        ticket: { ...ticket, status: 'resolved' },
        actorName: 'sam',
        changes: [
          { type: 'status_change', from: 'in_progress', to: 'resolved' },
          { type: 'assignment', from: null, to: 'sam' },
          { type: 'resolution', from: null, to: 'Rebooted <the> server' },
          { type: 'comment', from: null, to: 'All good now' },
        ],
      },
      ticket.customerEmail,
    );
    expect(m.subject).toBe('Update on your ticket TKT-000042');
    expect(m.text).toContain('Status: In Progress -> Resolved');
    expect(m.text).toContain('Your ticket is now handled by technician sam.');
    expect(m.text).toContain('Resolution:\nRebooted <the> server');
    expect(m.text).toContain('Comment from sam:\nAll good now');
    expect(m.text).toContain('Current status: Resolved');
    expect(m.html).toContain('Rebooted &lt;the&gt; server');
    const unassigned = email(ticketUpdated, { ticket, actorName: 'sam', changes: [{ type: 'assignment', from: 'sam', to: null }] }, 'x@y.z');
    expect(unassigned.text).toContain('waiting for a technician to be assigned');
  });

});

describe('SMS and push', () => {
  it('support page: severity, number, caller, short issue and link', () => {
    const { body } = supportSms.render({ ticket }, ctx);
    expect(body).toBe(
      'Acme <IT>: URGENT ticket TKT-000042 from Robin "Bobby" <script>alert(1)</script> (R & D Ltd), (555) 010-2030: Server down. <img src=x onerror=alert(1)> Please hurry! https://help.acme.test/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
    );
  });

  it('customer SMS mentions priority only for high and urgent tickets', () => {
    expect(customerSms.render({ ticket }, ctx).body).toContain('high priority');
    expect(customerSms.render({ ticket: { ...ticket, severity: 'low' } }, ctx).body).not.toContain('priority');
  });

  it('push payloads open the ticket in the PWA and group by ticket', () => {
    expect(newTicketPush.render({ ticket }, ctx)).toEqual({
      title: 'New ticket TKT-000042 (Urgent)',
      body: 'Robin "Bobby" <script>alert(1)</script> (R & D Ltd): Server down. <img src=x onerror=alert(1)> Please hurry!',
      url: '/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
      tag: 'ticket-7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
    });
    expect(assignedPush.render({ ticket, actorName: 'sam' }, ctx).title).toBe('Assigned to you: TKT-000042');
  });
});
