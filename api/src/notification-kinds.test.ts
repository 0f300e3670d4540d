/**
 * Every registered job kind renders, for every ticket change type (issue 56: the customer's update
 * e-mail threw on the `waiting` change on every attempt and no test rendered it). Each kind has a
 * payload here, built for one change type; the test renders every kind for every type through
 * `renderMessage` (what the dispatcher calls), so:
 * - a new kind without a payload here fails ("has a payload");
 * - a new update type (shared UPDATE_TYPES) that a template cannot word fails: it is rendered by
 *   every kind, and the update e-mail must say something of its own about it.
 */
import { describe, expect, it } from 'vitest';
import { UPDATE_TYPES, type SurveyResponse } from '@portal/shared';
import type { Config } from './config';
import { deliveryFaultAlert, renderMessage, type AnyJobKind, type EmailContent, type SmsContent } from './notify';
import { notificationKinds } from './notification-kinds';
import { TEST_TICKET, renderContext } from './test/render';
import type { TicketChange, TicketChangeType } from './features/tickets/notifications';

const ctx = renderContext({ surveySecret: Buffer.alloc(32, 7), publicLinkSecret: Buffer.alloc(32, 9), dataDir: '/nonexistent' } as Config);
const ticket = TEST_TICKET;
const CHANGE_TYPES = UPDATE_TYPES.filter((t): t is TicketChangeType => t !== 'created');

/** A realistic change of each type, as service.ts builds them from the work-history rows. */
function changeOf(type: TicketChangeType): TicketChange {
  const byType: Record<TicketChangeType, TicketChange> = {
    status_change: { type, from: 'open', to: 'in_progress' },
    severity_change: { type, from: 'medium', to: 'urgent' },
    assignment: { type, from: null, to: 'sam' },
    resolution: { type, from: null, to: 'Replaced the <b>PSU</b>' },
    comment: { type, from: null, to: 'Which printer is it?', reply: true },
    waiting: { type, from: 'false', to: 'true' },
    customer_reply: { type, from: null, to: 'It is the one by the door.' },
    client_change: { type, from: null, to: 'Acme Dental' },
    site_change: { type, from: 'Main office', to: 'Warehouse' },
    contact_change: { type, from: null, to: 'Dana Office' },
    asset_link: { type, from: null, to: 'A-0042 Reception printer' },
    asset_unlink: { type, from: 'A-0042 Reception printer', to: null },
    checklist: { type, from: null, to: 'Ticked "Check backups"' },
    tag_add: { type, from: null, to: 'VPN' },
    tag_remove: { type, from: 'VPN', to: null },
  };
  return byType[type];
}

const survey: SurveyResponse = {
  id: 's1', ticketId: ticket.id, ticketNumber: ticket.ticketNumber, customerName: 'Robin', customerEmail: ticket.customerEmail,
  assignedTechnicianId: 'u1', assignedTechnicianName: 'sam', resolutionTimeHours: 5.5,
  overallRating: 2, technicianRating: 1, responseTimeRating: 3, resolutionRating: 2, comments: 'Slow', improvements: null, createdAt: '2026-01-03T00:00:00.000Z',
};
const sla = { ticketId: ticket.id, ticketNumber: ticket.ticketNumber, severity: ticket.severity, clientName: ticket.clientName, target: 'response', level: 'breach', dueAt: '2026-01-02T04:04:05.000Z' };
const link = { ticketId: ticket.id, ticketNumber: ticket.ticketNumber, clientName: ticket.clientName, statusNonce: 'nonce-1' };

/** The payload of each kind for one change type (kinds that carry no change ignore it). */
const PAYLOADS: Record<string, (type: TicketChangeType) => object> = {
  new_ticket_staff: () => ({ ticket }),
  customer_confirmation: () => ({ ticket, statusNonce: 'nonce-1', attachments: [{ fileName: 'a.jpg', size: 2048 }] }),
  ticket_updated: (type) => ({ ticket: { ...ticket, status: 'in_progress' }, actorName: 'sam', statusNonce: 'nonce-1', changes: [changeOf(type)] }),
  support_sms: () => ({ ticket }),
  customer_sms: () => ({ ticket, statusNonce: 'nonce-1' }),
  new_ticket_push: () => ({ ticket }),
  assigned_push: () => ({ ticket, actorName: 'sam' }),
  customer_reply_push: () => ({ ...link, text: 'It is the one by the door.', via: 'status' }),
  customer_reply_email: () => ({ ...link, text: 'It is the one by the door.', via: 'email' }),
  survey_invite: () => ({ ticket: { ...ticket, status: 'resolved' }, invitationId: 'inv-1', expiresAt: '2026-02-01T00:00:00.000Z' }),
  survey_invite_sms: () => ({ ticket: { ...ticket, status: 'resolved' }, invitationId: 'inv-1', expiresAt: '2026-02-01T00:00:00.000Z' }),
  bad_rating_staff: () => ({ survey }),
  bad_rating_push: () => ({ survey }),
  test_sms: () => ({}),
  sla_alert_email: () => sla,
  visit_report_email: () => ({ visitId: 'v1', ticketId: 't1', ticketNumber: 'TKT-000123', clientName: 'Casey', technicianName: 'maria', departedAt: '2026-03-05T15:04:00+01:00', signerName: 'Dana' }),
  asset_warranty_email: () => ({ assetId: 'a1', assetTag: 'A-0042', name: 'Reception printer', clientName: 'Acme Dental', warrantyEnd: '2027-01-31' }),
  sla_alert_sms: () => sla,
  sla_alert_push: () => sla,
  two_factor_reset: () => ({ username: 'tess', actor: 'admin', at: '2026-03-05T15:04:00.000Z', devicesRevoked: 1 }),
  two_factor_changed: () => ({ username: 'tess', change: 'passkey_added', at: '2026-03-05T15:04:00.000Z', ip: '203.0.113.9' }),
  admin_security_action: () => ({ action: 'set the two-factor policy to "none"', actor: 'boss', at: '2026-03-05T15:04:00.000Z', ip: '203.0.113.9' }),
  vault_device_approved: () => ({ actor: 'boss', owner: 'tess', deviceName: 'Van phone', at: '2026-03-05T15:04:00.000Z', ip: '203.0.113.9' }),
  two_factor_locked: () => ({ username: 'tess', at: '2026-03-05T15:04:00.000Z', minutes: 15 }),
  status_link_email: () => link,
  status_link_sms: () => link,
  personal_alert_email: () => ({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber, event: 'mention', text: 'sam mentioned you on TKT-000123: @tess <b>check</b> the PSU' }),
  personal_alert_sms: () => ({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber, event: 'assigned', text: 'TKT-000123 was assigned to you by sam' }),
  personal_alert_push: () => ({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber, event: 'new_ticket', text: 'New urgent ticket TKT-000123 from Robin' }),
  delivery_fault_admin: () => ({ failedKind: 'ticket_updated', jobId: 'j1', summary: 'Update on ticket TKT-000042', detail: 'boom' }),
};

const kinds: AnyJobKind[] = [...notificationKinds, deliveryFaultAlert];

/** Asserts the rendered content is a complete message of its channel and returns its text. */
function textOf(kind: AnyJobKind, payload: object): string {
  const out = renderMessage(kind, payload as Record<string, unknown>, ctx);
  if (kind.channel === 'email') {
    const m = out as EmailContent;
    expect(m.subject.trim().length, kind.kind).toBeGreaterThan(0);
    expect(m.html, kind.kind).toContain('</html>');
    expect(m.text, kind.kind).not.toMatch(/undefined|\[object Object\]/);
    return m.text;
  }
  if (kind.channel === 'sms') {
    const { body } = out as SmsContent;
    expect(body.length, kind.kind).toBeGreaterThan(10);
    expect(body.length, kind.kind).toBeLessThanOrEqual(480);
    expect(body, kind.kind).not.toMatch(/undefined/);
    return body;
  }
  const push = out as { title: string; body: string; url: string };
  expect(push.title.length, kind.kind).toBeGreaterThan(0);
  expect(push.url, kind.kind).toMatch(/^\//);
  expect(`${push.title} ${push.body}`, kind.kind).not.toMatch(/undefined/);
  return `${push.title}\n${push.body}`;
}

describe('every job kind x every update type', () => {
  it('has a payload for every registered kind (a new kind must be added here)', () => {
    expect(kinds.map((k) => k.kind).sort()).toEqual(Object.keys(PAYLOADS).sort());
  });

  for (const type of CHANGE_TYPES) {
    it(`renders every kind's e-mail, SMS and push with a "${type}" change`, () => {
      for (const kind of kinds) textOf(kind, PAYLOADS[kind.kind]!(type));
    });
  }

  it('words every change type in the update e-mail with a line of its own', () => {
    const kind = kinds.find((k) => k.kind === 'ticket_updated')!;
    const lines = CHANGE_TYPES.map((type) => {
      const text = textOf(kind, PAYLOADS.ticket_updated!(type));
      const [, body] = text.split(`There is an update on your support ticket ${ticket.ticketNumber}:`);
      return body!.split('Current status:')[0]!.trim();
    });
    for (const line of lines) expect(line.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(CHANGE_TYPES.length);
  });

  it('tells the customer when the ticket waits for them and when work resumes', () => {
    const kind = kinds.find((k) => k.kind === 'ticket_updated')!;
    const waiting = { ticket, actorName: 'sam', changes: [changeOf('comment'), changeOf('waiting')] };
    expect(textOf(kind, waiting)).toContain('Comment from sam:\nWhich printer is it?\n\nWe need an answer from you before we can go on with this ticket.');
    const resumed = { ticket, actorName: 'sam', changes: [{ type: 'waiting', from: 'true', to: 'false' }] };
    expect(textOf(kind, resumed)).toContain('We are working on your ticket again.');
  });
});
