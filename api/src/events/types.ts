/**
 * The domain events (docs/events.md): what happened, recorded by the writer in its own transaction
 * and handed to the subscribers of other features (events/bus.ts). One typed union: a writer can only
 * emit a declared event with its payload, and a subscriber receives exactly the events it names.
 *
 * Payloads hold facts: presented shapes from @portal/shared (a `Ticket` as the API returns it) and
 * ids, never rows of a feature's tables, so a subscriber depends on the event, not on the writer.
 * To add an event: add its name and payload to {@link EventPayloads} (with a docstring saying who
 * emits it, when, and in which transaction), emit it, and list it in docs/events.md.
 */
import type { Role, Ticket, UpdateType, Visit } from '@portal/shared';

/** Who caused an event: a signed-in user, or null for the customer, an e-mail or the system. */
export type EventActor = { id: string; username: string } | null;

/**
 * The work-history types a change can have: every `UpdateType` but `created` (a ticket is created
 * once, by the create path, never by a change). Tied to the shared list so a new update type fails
 * type-checking in features/tickets/notifications.ts until `describeChange` words it, and fails
 * `api/src/notification-kinds.test.ts` until every kind renders it.
 */
export type TicketChangeType = Exclude<UpdateType, 'created'>;

/**
 * One change a staff update made (SPEC.md 4). `from`/`to` are status values for `status_change`,
 * usernames (null = unassigned) for `assignment`, texts for `resolution`, `'true'`/`'false'` for
 * `waiting` (the waiting-on-customer flag, docs/sla.md); `comment` and `customer_reply` use `to`.
 */
export interface TicketChange {
  type: TicketChangeType;
  from: string | null;
  to: string | null;
  /** Comments only: true for a reply to the customer, false/absent for an internal note. */
  reply?: boolean;
}

/** A file sent with a ticket message: its name and stored size (bytes). */
export interface EventFile {
  fileName: string;
  size: number;
}

/**
 * Every event and its payload. All are emitted inside the writer's transaction (after the change is
 * written, before COMMIT).
 */
export interface EventPayloads {
  /**
   * A ticket was opened (public form, group commit of createQueue.ts, or inbound e-mail): one event
   * per ticket, all tickets of a group in ONE emit. `ticket` is the presented row with its number.
   */
  'ticket.created': {
    ticket: Ticket;
    /** 'form': the public form (POST /api/tickets); 'email': inbound mail; 'staff': POST /api/tickets/staff (the actor made it). */
    via: 'form' | 'email' | 'staff';
    /** Staff create only: false = "Do not notify the customer" (no confirmation, no customer SMS); absent = true. */
    notifyCustomer?: boolean;
    /** Files the customer sent with it (recorded on its 'created' entry). */
    files: EventFile[];
    /** Nonce of its status link (the token is derived when a message is rendered), if it has one. */
    statusNonce: string | null;
  };
  /**
   * Staff changed a ticket (PATCH /api/tickets/:id) and at least one field or comment was written:
   * the presented ticket before and after, and the work-history changes in order.
   */
  'ticket.patched': {
    before: Ticket;
    after: Ticket;
    changes: TicketChange[];
    /** Files sent with a customer-visible reply (none for internal notes). */
    replyFiles: EventFile[];
  };
  /** The status changed (staff PATCH, or a customer reply reopening a Resolved ticket). */
  'ticket.status_changed': { ticket: Ticket; from: Ticket['status']; to: Ticket['status'] };
  /** The assignee changed (staff PATCH): user ids, null = unassigned. */
  'ticket.assigned': { ticket: Ticket; from: string | null; to: string | null };
  /**
   * The customer replied (status page or e-mail): `entryId` is the reply's work-history entry;
   * `reopened` when it moved a Resolved ticket back to Open.
   */
  'ticket.customer_replied': {
    ticket: Ticket;
    entryId: string;
    text: string;
    via: 'status' | 'email';
    reopened: boolean;
  };
  /**
   * Staff merged `source` into `target` (POST /api/tickets/:id/merge, docs/merge.md): both as they are
   * after the merge (the source Closed with `mergedInto`); `moved` counts what moved. Emitted once per
   * merge (a keyed replay answers from the stored answer and emits nothing).
   */
  'ticket.merged': {
    source: Ticket;
    target: Ticket;
    moved: { updates: number; attachments: number; timeEntries: number; tags: string[]; assets: number };
  };
  /**
   * The SLA sweep claimed an alert (docs/sla.md): a running clock passed 80 % of a target
   * (`warning`) or its due time (`breach`). Emitted once per ticket, target and level, by the one
   * process whose sweep claimed it (sla_alerts), in the claim's transaction. `text` is the alert's
   * line ("TKT-… (Urgent, Acme): first response due …"); `assignedTo` the assignee then.
   */
  'ticket.sla_alert': {
    ticketId: string;
    ticketNumber: string;
    severity: Ticket['severity'];
    assignedTo: string | null;
    target: 'response' | 'resolution';
    level: 'warning' | 'breach';
    dueAt: string;
    text: string;
  };
  /** An admin created an account (POST /api/users). */
  'user.created': { userId: string; username: string; role: Role };
  /** An admin changed an account (PATCH /api/users/:id); `passwordReset` when a new password was set. */
  'user.updated': { userId: string; username: string; passwordReset: boolean };
  /** An account was enabled again (POST /api/users/:id/enable). */
  'user.enabled': { userId: string; username: string };
  /** An admin lifted an account's sign-in lockout (POST /api/users/:id/unlock-login). */
  'user.login_unlocked': { userId: string; username: string };
  /** An account was disabled (POST /api/users/:id/disable). */
  'user.disabled': { userId: string; username: string };
  /** An account's role changed (PATCH /api/users/:id). */
  'user.role_changed': { userId: string; username: string; from: Role; to: Role };
  /**
   * A password was changed (own change, or an admin's reset): `keepSessionId` is the session that
   * made the change and stays signed in (null: none stays).
   */
  'user.password_changed': { userId: string; username: string; keepSessionId: string | null };
  /** Every second factor of a user was reset (admin route or `npm run auth:reset-2fa`). */
  'user.second_factor_reset': { userId: string; username: string };
  /** A user is being deleted: emitted before the row goes, so subscribers can clean up what references it. */
  'user.deleting': { userId: string; username: string };
  /**
   * An admin changed a setting: `area` says which screen ('system' key/value settings, the
   * 'notification_emails' list, the 'sla_policy', the 'two_factor_policy'), `key` which entry (a
   * setting key, an e-mail address; null for a whole policy). Values are never carried.
   */
  'settings.changed': { area: 'system' | 'notification_emails' | 'sla_policy' | 'two_factor_policy' | 'backup_schedule'; key: string | null; action: 'set' | 'added' | 'removed' };
  /** An admin created, updated or deleted a content item (tools, guides). */
  'content.changed': { contentId: string; action: 'created' | 'updated' | 'deleted'; title: string | null };
  /** An admin uploaded (new or replacing) or deleted a download file. */
  'file.changed': { name: string; action: 'uploaded' | 'replaced' | 'deleted' };
  /** A vault entry was created, updated or deleted. */
  'vault.entry_changed': { entryId: string; action: 'created' | 'updated' | 'deleted'; businessName: string | null };
  /**
   * A technician closed out a visit (POST /api/tickets/:id/visits, issue 54), in the close-out's
   * transaction after the visit row, its internal note (`noteId`, holding its photos and signature)
   * and any resolution were written. Emitted once per visit: a keyed replay writes nothing.
   */
  'visit.closed': { visit: Visit; ticketNumber: string; noteId: string | null };
}

/** The name of an event. */
export type EventName = keyof EventPayloads;

/** One event of name `N`: its name, who caused it, when, and its payload. */
export interface EventOf<N extends EventName> {
  name: N;
  actor: EventActor;
  /** When it happened (the writer's clock). */
  at: Date;
  data: EventPayloads[N];
}

/** Any event: a discriminated union on `name`. */
export type DomainEvent = { [N in EventName]: EventOf<N> }[EventName];
