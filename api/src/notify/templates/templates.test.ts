/**
 * Message texts (SPEC.md 7, issue 4): links, labels, branding, and escaping of every user text in the
 * HTML part. Delivery through the real libraries is covered by notify/rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PermanentError, type Brand, type TicketSnapshot } from '../types';
import { renderEmail } from './email';
import { escapeHtml, shorten } from './layout';
import { renderPush, renderSms } from './short';

const brand: Brand = { appName: 'Acme <IT>', supportPhone: '(555) 123-4567', supportEmail: 'help@acme.test', publicUrl: 'https://help.acme.test' };
const ticket: TicketSnapshot = {
  id: '7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
  ticketNumber: 'TKT-000042',
  clientName: 'Robin "Bobby" <script>alert(1)</script>',
  businessName: 'R & D Ltd',
  customerEmail: 'robin@example.com',
  customerPhone: '(555) 010-2030',
  severity: 'urgent',
  contactMethod: 'text',
  issue: 'Server down.\n<img src=x onerror=alert(1)>\nPlease hurry!',
  status: 'open',
  resolution: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('escapeHtml and shorten', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('keeps short text and cuts long text on one line', () => {
    expect(shorten('a\n b', 10)).toBe('a b');
    expect(shorten('abcdefghijkl', 8)).toBe('abcde...');
  });
});

describe('e-mails', () => {
  it('new-ticket alert: every detail, the ticket link, labels and branding; no raw user HTML', () => {
    const m = renderEmail({ kind: 'new_ticket_staff', ticket }, 'ops@acme.test', brand);
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
    const m = renderEmail({ kind: 'customer_confirmation', ticket }, ticket.customerEmail, brand);
    expect(m.subject).toBe('We received your support request - ticket TKT-000042');
    expect(m.text).toContain('Please keep your ticket number TKT-000042');
    expect(m.text).toContain('Call (555) 123-4567 (10am-6pm Monday through Friday)');
  });

  it('update e-mail words each change with the shared labels', () => {
    const m = renderEmail(
      {
        kind: 'ticket_updated',
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
      brand,
    );
    expect(m.subject).toBe('Update on your ticket TKT-000042');
    expect(m.text).toContain('Status: In Progress -> Resolved');
    expect(m.text).toContain('Your ticket is now handled by technician sam.');
    expect(m.text).toContain('Resolution:\nRebooted <the> server');
    expect(m.text).toContain('Comment from sam:\nAll good now');
    expect(m.text).toContain('Current status: Resolved');
    expect(m.html).toContain('Rebooted &lt;the&gt; server');
    const unassigned = renderEmail({ kind: 'ticket_updated', ticket, actorName: 'sam', changes: [{ type: 'assignment', from: 'sam', to: null }] }, 'x@y.z', brand);
    expect(unassigned.text).toContain('waiting for a technician to be assigned');
  });

  it('survey invitation links to PUBLIC_URL/survey?ticket=N&token=T with the token derived at render time, plus five star links', () => {
    const payload = { kind: 'survey_invite' as const, ticket: { ...ticket, status: 'closed' as const }, invitationId: 'inv-1', expiresAt: '2026-03-05T10:00:00.000Z' };
    const m = renderEmail(payload, ticket.customerEmail, brand, { surveyToken: (id) => `tok-${id}` });
    expect(m.text).toContain('Rate our support: https://help.acme.test/survey?ticket=TKT-000042&token=tok-inv-1');
    expect(m.html).toContain('href="https://help.acme.test/survey?ticket=TKT-000042&amp;token=tok-inv-1"');
    for (const [n, label] of [[1, 'Very Poor'], [5, 'Excellent']] as const) {
      expect(m.text).toContain(`${n} - ${label}: https://help.acme.test/survey?ticket=TKT-000042&token=tok-inv-1&rating=${n}`);
      expect(m.html).toContain(`aria-label="${n} - ${label}"`);
    }
    expect(m.text).toContain('is now closed');
    expect(m.text).toContain('works until Mar 5, 2026');
    expect(JSON.stringify(payload)).not.toContain('tok-');
  });

  it('refuses a survey invitation without an invitation id (written before signed links) as permanent', () => {
    expect(() => renderEmail({ kind: 'survey_invite', ticket }, ticket.customerEmail, brand, { surveyToken: () => 't' })).toThrow(PermanentError);
  });

  it('bad-rating alert: ratings with labels, the customer words escaped, a link to the ticket', () => {
    const survey = {
      id: 's1', ticketId: ticket.id, ticketNumber: 'TKT-000042', customerName: 'Robin <b>', customerEmail: 'robin@example.com',
      assignedTechnicianId: 'u1', assignedTechnicianName: 'sam', resolutionTimeHours: 5.5,
      overallRating: 2, technicianRating: 1, responseTimeRating: 3, resolutionRating: 2,
      comments: 'Slow <i>answers</i>', improvements: null, createdAt: '2026-01-03T00:00:00.000Z',
    };
    const m = renderEmail({ kind: 'bad_rating_staff', survey }, 'ops@acme.test', brand);
    expect(m.subject).toBe('Low rating 2/5 for ticket TKT-000042 - Robin <b>');
    expect(m.text).toContain('Overall: 2/5 (Poor)');
    expect(m.text).toContain('Technician: 1/5 (Very Poor)');
    expect(m.text).toContain('Comments:\nSlow <i>answers</i>');
    expect(m.text).not.toContain('How we can improve');
    expect(m.html).toContain('Slow &lt;i&gt;answers&lt;/i&gt;');
    expect(m.html).toContain(`href="https://help.acme.test/technician?ticket=${ticket.id}"`);
    expect(renderPush({ kind: 'bad_rating_push', survey, subscriptionId: 'x' })).toEqual({
      title: 'Low rating 2/5 on TKT-000042',
      body: 'Robin <b> rated your support 2/5: Slow <i>answers</i>',
      url: `/technician?ticket=${ticket.id}`,
      tag: `survey-${ticket.id}`,
    });
  });

  it('refuses a payload that is not an e-mail', () => {
    expect(() => renderEmail({ kind: 'test_sms' }, 'x@y.z', brand)).toThrow('No e-mail template for test_sms');
  });
});

describe('SMS and push', () => {
  it('support page: severity, number, caller, short issue and link', () => {
    const { to, body } = renderSms({ kind: 'support_sms', ticket }, '+15550009999', brand);
    expect(to).toBe('+15550009999');
    expect(body).toBe(
      'Acme <IT>: URGENT ticket TKT-000042 from Robin "Bobby" <script>alert(1)</script> (R & D Ltd), (555) 010-2030: Server down. <img src=x onerror=alert(1)> Please hurry! https://help.acme.test/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
    );
  });

  it('customer SMS mentions priority only for high and urgent tickets', () => {
    expect(renderSms({ kind: 'customer_sms', ticket }, '1', brand).body).toContain('high priority');
    expect(renderSms({ kind: 'customer_sms', ticket: { ...ticket, severity: 'low' } }, '1', brand).body).not.toContain('priority');
    expect(renderSms({ kind: 'test_sms' }, '1', brand).body).toBe('Acme <IT>: this is a test SMS. Support SMS notifications are working.');
  });

  it('push payloads open the ticket in the PWA and group by ticket', () => {
    expect(renderPush({ kind: 'new_ticket_push', ticket, subscriptionId: 's' })).toEqual({
      title: 'New ticket TKT-000042 (Urgent)',
      body: 'Robin "Bobby" <script>alert(1)</script> (R & D Ltd): Server down. <img src=x onerror=alert(1)> Please hurry!',
      url: '/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
      tag: 'ticket-7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
    });
    expect(renderPush({ kind: 'assigned_push', ticket, subscriptionId: 's', actorName: 'sam' }).title).toBe('Assigned to you: TKT-000042');
  });
});
