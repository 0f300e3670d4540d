/** The SLA alert texts: e-mail (escaped, with the ticket link), SMS and push. Delivery is alerts.test.ts. */
import { describe, expect, it } from 'vitest';
import { renderContext } from '../../test/render';
import { slaAlertEmail, slaAlertPush, slaAlertSms, type SlaAlertPayload } from './notifications';

const ctx = renderContext();
const payload: SlaAlertPayload = {
  ticketId: '7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
  ticketNumber: 'TKT-000042',
  severity: 'urgent',
  clientName: 'R & D <Ltd>',
  target: 'response',
  level: 'warning',
  dueAt: '2026-06-08T11:00:00.000Z',
};

describe('SLA alert messages', () => {
  it('e-mail says which target is due when, links the ticket and escapes the client name', () => {
    const m = slaAlertEmail.render(payload, ctx);
    expect(m.subject).toBe('SLA warning: TKT-000042');
    expect(m.text).toContain('TKT-000042 (Urgent, R & D <Ltd>): first response due 2026-06-08 11:00 UTC');
    expect(m.html).toContain('R &amp; D &lt;Ltd&gt;');
    expect(m.text).toContain('https://help.acme.test/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11');
  });

  it('SMS and push name the breach', () => {
    const breach = { ...payload, target: 'resolution' as const, level: 'breach' as const };
    expect(slaAlertSms.render(breach, ctx).body).toContain('SLA breached: TKT-000042. TKT-000042 (Urgent, R & D <Ltd>) breached its resolution target');
    expect(slaAlertPush.render(breach, ctx)).toMatchObject({ title: 'SLA breached: TKT-000042', url: '/technician?ticket=7f1f1b8e-8c57-4a8e-9d1c-2d6b8f3f4a11' });
  });
});
