/**
 * The tickets feature's job kinds and their templates (SPEC.md 4 and 7, DESIGN.md 6), registered in
 * api/src/notification-kinds.ts. Who gets which job is decided in alerts.ts. Labels come from
 * @portal/shared so messages read like the app; SMS stay near one or two segments; push titles and
 * bodies fit a phone's notification shade and open the ticket (`/technician?ticket=<id>`).
 */
import {
  alertsBySms,
  CONTACT_METHOD_LABELS,
  PHONE_SUPPORT_HOURS,
  SEVERITY_LABELS,
  SEVERITY_NAMES,
  TICKET_STATUS_LABELS,
  UPDATE_TYPE_LABELS,
  formatFileSize,
  staffTicketPath,
  type Severity,
  type TicketSnapshot,
  type TicketStatus,
} from '@portal/shared';
import type { TicketChange, TicketChangeType } from '../../events';
import { defineJobKind, emailContent, portalLink, shorten, type Block } from '../../notify';
import { statusUrlOf } from './statusLinks';
import { replyAlertKinds } from './replyAlerts';
import { fillReplyChange } from './replyFill';

/**
 * The work-history types a change can have and one change a staff update made (SPEC.md 4): the
 * `ticket.patched` event's shapes, declared in events/types.ts.
 */
export type { TicketChange, TicketChangeType };
/** The facts of a new-ticket job: the ticket as it was created. */
export interface TicketPayload {
  ticket: TicketSnapshot;
  /** Nonce of the ticket's status link (statusLinks.ts; never the token): customer messages carry the link. */
  statusNonce?: string | undefined;
}

/** The 'Follow your ticket' button of a customer e-mail, when the payload names a status link. */
function statusButton(p: TicketPayload, ctx: { brand: { publicUrl: string }; config: Parameters<typeof statusUrlOf>[0] }): Block[] {
  return p.statusNonce ? [{ type: 'button', label: 'Follow your ticket and reply', url: statusUrlOf(ctx.config, ctx.brand.publicUrl, p.statusNonce) }] : [];
}

/** The facts of the customer's update e-mail: the ticket after the update, the changes the customer may see, who made them. */
export interface TicketUpdatedPayload extends TicketPayload {
  changes: TicketChange[];
  actorName: string;
  /** Files sent with the reply (names, stored sizes); never a URL of their own (docs/attachments.md). */
  files?: { fileName: string; size: number }[];
}

/**
 * The reply's files: named with their sizes and reached only through the ticket's status page
 * (the token holder's link, docs/status-links.md), never a public URL; without a live link the
 * customer is told to ask for them.
 */
function filesBlock(p: TicketUpdatedPayload, brand: { supportEmail: string }): Block[] {
  if (!p.files?.length) return [];
  const names = p.files.map((f) => `${f.fileName} (${formatFileSize(f.size)})`).join(', ');
  const where = p.statusNonce ? 'Open your ticket below to see and download them.' : `Write to ${brand.supportEmail} if you need them.`;
  return [{ type: 'p', text: `Files sent with this reply: ${names}. ${where}` }];
}

/** The facts of an assignment push: the ticket and who assigned it. */
export interface AssignedPayload extends TicketPayload {
  actorName: string;
}

const ticketOf = (p: TicketPayload) => p.ticket.id;
const statusLabel = (v: string | null) => (v ? (TICKET_STATUS_LABELS[v as TicketStatus] ?? v) : 'none');
const severityLabel = (t: TicketSnapshot) => `${t.ticketNumber} (${SEVERITY_NAMES[t.severity]})`;
/**
 * Threading headers of a customer e-mail (docs/inbound-mail.md "Replies"): mail clients copy
 * References into the answer, so the reply token `<ticket-<id>@portal>` leads a reply back to its
 * ticket (the ticket number in the subject is the fallback).
 */
export const replyHeaders = (t: TicketSnapshot) => ({ References: `<ticket-${t.id}@portal>`, 'X-Portal-Ticket': t.ticketNumber });
const who = (t: TicketSnapshot) => (t.businessName ? `${t.clientName} (${t.businessName})` : t.clientName);

/** Ticket fields staff need to act on a new ticket. */
function ticketFields(t: TicketSnapshot): Block {
  return {
    type: 'fields',
    rows: [
      ['Ticket', t.ticketNumber],
      ['Client', t.clientName],
      ...(t.businessName ? ([['Business', t.businessName]] as [string, string][]) : []),
      ['E-mail', t.customerEmail],
      ['Phone', t.customerPhone],
      ['Severity', SEVERITY_LABELS[t.severity]],
      ['Contact method', CONTACT_METHOD_LABELS[t.contactMethod]],
    ],
  };
}

/**
 * One line per change, worded for the customer. Exhaustive over {@link TicketChangeType}: a type
 * without a case does not compile (issue 56: the `waiting` change once threw here on every send).
 */
export function describeChange(c: TicketChange, actorName: string): Block {
  switch (c.type) {
    case 'status_change':
      return { type: 'p', text: `Status: ${statusLabel(c.from)} -> ${statusLabel(c.to)}` };
    case 'severity_change':
      return { type: 'p', text: `Severity: ${c.from ? SEVERITY_NAMES[c.from as Severity] : 'none'} -> ${c.to ? SEVERITY_NAMES[c.to as Severity] : 'none'}` };
    case 'assignment':
      return { type: 'p', text: c.to ? `Your ticket is now handled by technician ${c.to}.` : 'Your ticket is waiting for a technician to be assigned.' };
    case 'resolution':
      return { type: 'quote', label: 'Resolution', text: c.to ?? '' };
    case 'comment':
      return { type: 'quote', label: `Comment from ${actorName}`, text: c.to ?? '' };
    case 'waiting':
      return {
        type: 'p',
        text: c.to === 'true' ? 'We need an answer from you before we can go on with this ticket.' : 'We are working on your ticket again.',
      };
    case 'customer_reply':
      return { type: 'quote', label: 'Your reply', text: c.to ?? '' };
    case 'client_change': case 'site_change': case 'contact_change': // staff only (alerts.ts customerVisible)
      return { type: 'p', text: `${UPDATE_TYPE_LABELS[c.type].replace(' Change', '')}: ${c.from ?? 'none'} -> ${c.to ?? 'none'}` };
    case 'asset_link': case 'asset_unlink': // staff only (alerts.ts customerVisible)
      return { type: 'p', text: `${UPDATE_TYPE_LABELS[c.type]}: ${c.to ?? c.from ?? ''}` };
    case 'tag_add': case 'tag_remove': // staff only (alerts.ts customerVisible)
      return { type: 'p', text: `${UPDATE_TYPE_LABELS[c.type]}: ${c.to ?? c.from ?? ''}` };
    case 'checklist': // staff only (alerts.ts customerVisible)
      return { type: 'p', text: `Checklist: ${c.to ?? ''}` };
    default:
      return unreachable(c.type);
  }
}

/** Compile-time exhaustiveness: only reached with a value the types say cannot exist. */
function unreachable(value: never): never {
  throw new Error(`Unknown ticket change ${String(value)}`);
}

/** Short text of the changes for the delivery log, e.g. "status In Progress, reply". */
export function changeSummary(changes: readonly TicketChange[]): string {
  return changes
    .map((c) => {
      if (c.type === 'status_change') return `status ${TICKET_STATUS_LABELS[c.to as TicketStatus] ?? c.to}`;
      if (c.type === 'assignment') return c.to ? `assigned to ${c.to}` : 'unassigned';
      if (c.type === 'comment') return c.reply ? 'reply' : 'note';
      if (c.type === 'waiting') return c.to === 'true' ? 'waiting on customer' : 'no longer waiting';
      if (c.type === 'customer_reply') return 'customer reply';
      return c.type;
    })
    .join(', ');
}

/** E-mail to a notification recipient about a new ticket (SPEC.md 7): every detail and the ticket link. */
export const newTicketStaff = defineJobKind<TicketPayload, 'email'>({
  kind: 'new_ticket_staff',
  channel: 'email',
  ticketId: ticketOf,
  summary: ({ ticket: t }) => `New ticket ${severityLabel(t)}`,
  render: ({ ticket: t }, { brand }) =>
    emailContent(
      {
        subject: `New ticket ${t.ticketNumber} (${SEVERITY_NAMES[t.severity]}) - ${t.clientName}`,
        title: `New support ticket ${t.ticketNumber}`,
        blocks: [ticketFields(t), { type: 'quote', label: 'Issue', text: t.issue }, { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(t.id)) }],
      },
      brand,
    ),
});

/** The facts of the customer's confirmation: the ticket and the files they attached (names and stored sizes). */
export interface ConfirmationPayload extends TicketPayload {
  attachments?: { fileName: string; size: number }[];
}

/** Confirmation e-mail to the customer with the ticket number, what they attached, phone hours and contacts. */
export const customerConfirmation = defineJobKind<ConfirmationPayload, 'email'>({
  kind: 'customer_confirmation',
  channel: 'email',
  ticketId: ticketOf,
  summary: ({ ticket: t }) => `Confirmation of ticket ${t.ticketNumber}`,
  render: (p, ctx) => {
    const { ticket: t, attachments = [] } = p;
    const { brand } = ctx;
    const content = emailContent(
      {
        subject: `We received your support request - ticket ${t.ticketNumber}`,
        title: `Your ticket number is ${t.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${t.clientName},` },
          { type: 'p', text: `Thank you for contacting ${brand.appName}. We received your support request and our team will get back to you soon. Please keep your ticket number ${t.ticketNumber} for reference.` },
          { type: 'fields', rows: [['Ticket', t.ticketNumber], ['Severity', SEVERITY_LABELS[t.severity]], ['Contact method', CONTACT_METHOD_LABELS[t.contactMethod]]] },
          { type: 'quote', label: 'Your request', text: t.issue },
          ...(attachments.length
            ? ([{ type: 'p', text: `You attached: ${attachments.map((a) => `${a.fileName} (${formatFileSize(a.size)})`).join(', ')}.` }] as Block[])
            : []),
          ...statusButton(p, ctx),
          { type: 'p', text: `Need us sooner? Call ${brand.supportPhone} (${PHONE_SUPPORT_HOURS}) or write to ${brand.supportEmail}.` },
        ],
      },
      brand,
    );
    return { ...content, headers: replyHeaders(t) };
  },
});

/** E-mail to the customer describing a staff update (SPEC.md 4 "The customer is e-mailed on update"). */
export const ticketUpdated = defineJobKind<TicketUpdatedPayload, 'email'>({
  kind: 'ticket_updated',
  channel: 'email',
  ticketId: ticketOf,
  summary: (p) => `Update on ticket ${p.ticket.ticketNumber}: ${changeSummary(p.changes)}`,
  render: (p, ctx) => {
    const t = p.ticket;
    const { brand } = ctx;
    const content = emailContent(
      {
        subject: `Update on your ticket ${t.ticketNumber}`,
        title: `Update on ticket ${t.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${t.clientName},` },
          { type: 'p', text: `There is an update on your support ticket ${t.ticketNumber}:` },
          ...p.changes.map((c) => describeChange(fillReplyChange(c, p, ctx), p.actorName)),
          ...filesBlock(p, brand),
          { type: 'fields', rows: [['Current status', statusLabel(t.status)]] },
          ...statusButton(p, ctx),
          { type: 'p', text: `Questions? Call ${brand.supportPhone} or write to ${brand.supportEmail} and mention ${t.ticketNumber}.` },
        ],
      },
      brand,
    );
    return { ...content, headers: replyHeaders(t) };
  },
});

/** SMS to the support number for a high or urgent ticket (SPEC.md 7). */
export const supportSms = defineJobKind<TicketPayload, 'sms'>({
  kind: 'support_sms',
  channel: 'sms',
  ticketId: ticketOf,
  summary: ({ ticket: t }) => `Support alert: ticket ${severityLabel(t)}`,
  render: ({ ticket: t }, { brand }) => ({
    body: `${brand.appName}: ${SEVERITY_NAMES[t.severity].toUpperCase()} ticket ${t.ticketNumber} from ${who(t)}, ${t.customerPhone}: ${shorten(t.issue, 90)} ${portalLink(brand, staffTicketPath(t.id))}`,
  }),
});

/**
 * SMS to the customer: contact method text, or a high/urgent ticket (SPEC.md 7). With `statusNonce`
 * (a customer who prefers text, docs/status-links.md) it carries the status link instead of the
 * "a technician will contact you" line.
 */
export const customerSms = defineJobKind<TicketPayload, 'sms'>({
  kind: 'customer_sms',
  channel: 'sms',
  ticketId: ticketOf,
  summary: (p) => `Customer SMS: ticket ${p.ticket.ticketNumber} received${p.statusNonce ? ', with its status link' : ''}`,
  render: ({ ticket: t, statusNonce }, { brand, config }) => {
    const priority = alertsBySms(t.severity) ? ' We are treating it as high priority.' : '';
    const next = statusNonce ? ` Follow it and reply: ${statusUrlOf(config, brand.publicUrl, statusNonce)}` : ` A technician will contact you soon. Urgent? Call ${brand.supportPhone}.`;
    return { body: `${brand.appName}: we received your support request, ticket ${t.ticketNumber}.${priority}${next}` };
  },
});

/** Web push to one staff device about a new ticket (`tag` groups one ticket's notifications). */
export const newTicketPush = defineJobKind<TicketPayload, 'push'>({
  kind: 'new_ticket_push',
  channel: 'push',
  ticketId: ticketOf,
  summary: ({ ticket: t }) => `New ticket ${severityLabel(t)}`,
  render: ({ ticket: t }) => ({
    title: `New ticket ${t.ticketNumber} (${SEVERITY_NAMES[t.severity]})`,
    body: `${who(t)}: ${shorten(t.issue, 120)}`,
    url: staffTicketPath(t.id),
    tag: `ticket-${t.id}`,
  }),
});

/** Web push to one device of the new assignee. */
export const assignedPush = defineJobKind<AssignedPayload, 'push'>({
  kind: 'assigned_push',
  channel: 'push',
  ticketId: ticketOf,
  summary: (p) => `Ticket ${p.ticket.ticketNumber} assigned by ${p.actorName}`,
  render: ({ ticket: t, actorName }) => ({
    title: `Assigned to you: ${t.ticketNumber}`,
    body: `${actorName} assigned you ${t.clientName}'s ticket: ${shorten(t.issue, 110)}`,
    url: staffTicketPath(t.id),
    tag: `ticket-${t.id}`,
  }),
});

/** Every job kind of the tickets feature (api/src/notification-kinds.ts). */
export const ticketKinds = [newTicketStaff, customerConfirmation, ticketUpdated, supportSms, customerSms, newTicketPush, assignedPush, ...replyAlertKinds];
