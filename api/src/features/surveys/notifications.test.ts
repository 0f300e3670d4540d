/**
 * The surveys feature's message texts: the signed invitation link derived at render time,
 * the bad-rating alert's ratings and escaped words. Delivery is covered by surveys.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { PermanentError } from '../../notify';
import { TEST_TICKET, renderContext } from '../../test/render';
import { surveyLinksFor } from './links';
import { badRatingPush, badRatingStaff, surveyInvite } from './notifications';

const config = { surveySecret: Buffer.alloc(32, 7), dataDir: '/nonexistent' } as Config;
const ctx = renderContext(config);
const ticket = TEST_TICKET;

describe('survey e-mails and push', () => {
  it('survey invitation links to PUBLIC_URL/survey?ticket=N&token=T with the token derived at render time, plus five star links', () => {
    const payload = { ticket: { ...ticket, status: 'closed' as const }, invitationId: 'inv-1', expiresAt: '2026-03-05T10:00:00.000Z' };
    const m = surveyInvite.render(payload, ctx);
    const tok = surveyLinksFor(config).token('inv-1');
    expect(m.text).toContain(`Rate our support: https://help.acme.test/survey?ticket=TKT-000042&token=${tok}`);
    expect(m.html).toContain(`href="https://help.acme.test/survey?ticket=TKT-000042&amp;token=${tok}"`);
    for (const [n, label] of [[1, 'Very Poor'], [5, 'Excellent']] as const) {
      expect(m.text).toContain(`${n} - ${label}: https://help.acme.test/survey?ticket=TKT-000042&token=${tok}&rating=${n}`);
      expect(m.html).toContain(`aria-label="${n} - ${label}"`);
    }
    expect(m.text).toContain('is now closed');
    expect(m.text).toContain('works until Mar 5, 2026');
    expect(JSON.stringify(payload)).not.toContain(tok);
  });

  it('refuses a survey invitation without an invitation id (written before signed links) as permanent', () => {
    expect(() => surveyInvite.render({ ticket }, ctx)).toThrow(PermanentError);
  });

  it('bad-rating alert: ratings with labels, the customer words escaped, a link to the ticket', () => {
    const survey = {
      id: 's1', ticketId: ticket.id, ticketNumber: 'TKT-000042', customerName: 'Robin <b>', customerEmail: 'robin@example.com',
      assignedTechnicianId: 'u1', assignedTechnicianName: 'sam', resolutionTimeHours: 5.5,
      overallRating: 2, technicianRating: 1, responseTimeRating: 3, resolutionRating: 2,
      comments: 'Slow <i>answers</i>', improvements: null, createdAt: '2026-01-03T00:00:00.000Z',
    };
    const m = badRatingStaff.render({ survey }, ctx);
    expect(m.subject).toBe('Low rating 2/5 for ticket TKT-000042 - Robin <b>');
    expect(m.text).toContain('Overall: 2/5 (Poor)');
    expect(m.text).toContain('Technician: 1/5 (Very Poor)');
    expect(m.text).toContain('Comments:\nSlow <i>answers</i>');
    expect(m.text).not.toContain('How we can improve');
    expect(m.html).toContain('Slow &lt;i&gt;answers&lt;/i&gt;');
    expect(m.html).toContain(`href="https://help.acme.test/technician?ticket=${ticket.id}"`);
    expect(badRatingPush.render({ survey }, ctx)).toEqual({
      title: 'Low rating 2/5 on TKT-000042',
      body: 'Robin <b> rated your support 2/5: Slow <i>answers</i>',
      url: `/technician?ticket=${ticket.id}`,
      tag: `survey-${ticket.id}`,
    });
  });

});
