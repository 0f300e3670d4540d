/**
 * Helpers of the surveys' HTTP tests (surveys.test.ts, alerts.test.ts): a ticket resolved by the
 * technician whose invitation e-mail (read from the SMTP sink) yields the link, and the public
 * survey requests. `app()` gives the test file's harness and technician once beforeAll has run.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TicketCreateInput } from '@portal/shared';
import type { TestUser } from '../../test/app';
import { TEST_PUBLIC_URL, type NotifyTestApp } from '../../test/notify';

/** A survey link as e-mailed. */
export interface Link {
  ticketId: string;
  ticketNumber: string;
  token: string;
  url: string;
}

export function surveyTestkit(app: () => { h: NotifyTestApp; tech: TestUser & { token: string } }) {
  const deliver = () => app().h.t.notifier.dispatcher.runOnce();
  const patch = (id: string, body: unknown) => app().h.t.request('PATCH', `/api/tickets/${id}`, { token: app().tech.token, body });

  const LINK = new RegExp(`${TEST_PUBLIC_URL}/survey\\?ticket=(TKT-\\d+)&token=([A-Za-z0-9_-]+)`);

  /** A ticket assigned to `tech`, moved to `status`, its invitation e-mailed; returns the link from the e-mail. */
  async function invitedTicket(status: 'resolved' | 'closed' = 'resolved', overrides: Partial<TicketCreateInput> = {}): Promise<Link> {
    const { h, tech } = app();
    const customerEmail = `${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await h.t.createTicket({ customerEmail, ...overrides });
    expect((await patch(ticket.id, { assignedTo: tech.id })).status).toBe(200);
    expect((await patch(ticket.id, { status, resolution: 'Fixed it' })).status).toBe(200);
    await deliver();
    const invite = h.smtp.to(customerEmail).find((m) => m.subject.startsWith('How did we do?'));
    const match = invite && LINK.exec(invite.decoded);
    if (!match) throw new Error(`no survey link e-mailed to ${customerEmail}`);
    return { ticketId: ticket.id, ticketNumber: match[1]!, token: match[2]!, url: match[0] };
  }

  const ratings = { overallRating: 4, technicianRating: 5, responseTimeRating: 3, resolutionRating: 4 };
  const submit = (link: Pick<Link, 'ticketNumber' | 'token'>, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    app().h.t.request('POST', '/api/surveys', { body: { ticketNumber: link.ticketNumber, token: link.token, ...ratings, ...body }, headers });
  const check = (ticket: string, token: string) =>
    app().h.t.request('GET', `/api/surveys/invitation?ticket=${encodeURIComponent(ticket)}&token=${encodeURIComponent(token)}`);
  return { deliver, patch, LINK, invitedTicket, ratings, submit, check };
}
