import { describe, expect, it } from 'vitest';
import { FIELD_UPDATE_TYPE, applyTicketPatch, mergeConflicts, planTicketPatch, realConflicts } from './merge';
import { TICKET_MERGE_FIELDS, UPDATE_TYPES } from '../schemas/tickets';
import { ticketUpdateDraft } from './ticketUpdate';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const names = new Map([[ALICE, 'alice'], [BOB, 'bob']]);
const usernameOf = (id: string) => names.get(id);
const current = { status: 'open' as const, severity: 'medium' as const, assignedTo: ALICE, resolution: null, waitingOnCustomer: false, version: 4 };

describe('FIELD_UPDATE_TYPE (DESIGN.md 4)', () => {
  it('maps every merge field to its own work-history type', () => {
    expect(FIELD_UPDATE_TYPE).toEqual({ status: 'status_change', severity: 'severity_change', assignedTo: 'assignment', resolution: 'resolution', waitingOnCustomer: 'waiting', clientId: 'client_change', siteId: 'site_change', contactId: 'contact_change' });
    const types = TICKET_MERGE_FIELDS.map((f) => FIELD_UPDATE_TYPE[f]);
    expect(new Set(types).size).toBe(TICKET_MERGE_FIELDS.length);
    for (const t of types) expect(UPDATE_TYPES).toContain(t);
  });
});

describe('planTicketPatch: stored history values', () => {
  it('stores status values for status_change, usernames for assignment, text for resolution, then the comment', () => {
    const plan = planTicketPatch(current, { status: 'in_progress', assignedTo: BOB, resolution: 'Swapped PSU', comment: 'on site' }, usernameOf);
    expect(plan.set).toEqual({ status: 'in_progress', assignedTo: BOB, resolution: 'Swapped PSU' });
    expect(plan.history).toEqual([
      { updateType: 'status_change', previousValue: 'open', newValue: 'in_progress', comment: null, reply: false },
      { updateType: 'assignment', previousValue: 'alice', newValue: 'bob', comment: null, reply: false },
      { updateType: 'resolution', previousValue: null, newValue: 'Swapped PSU', comment: null, reply: false },
      { updateType: 'comment', previousValue: null, newValue: null, comment: 'on site', reply: false },
    ]);
  });
  it('marks the comment row as a reply only when the patch says reply: true', () => {
    expect(planTicketPatch(current, { comment: 'Fixed, please restart', reply: true }, usernameOf).history).toEqual([
      { updateType: 'comment', previousValue: null, newValue: null, comment: 'Fixed, please restart', reply: true },
    ]);
    expect(planTicketPatch(current, { comment: 'internal', reply: false }, usernameOf).history[0].reply).toBe(false);
  });
  it('stores null for unassigned and skips values equal to the current ones', () => {
    const plan = planTicketPatch(current, { status: 'open', assignedTo: null }, usernameOf);
    expect(plan.set).toEqual({ assignedTo: null });
    expect(plan.history).toEqual([{ updateType: 'assignment', previousValue: 'alice', newValue: null, comment: null, reply: false }]);
    expect(planTicketPatch(current, { status: 'open', assignedTo: ALICE }, usernameOf).history).toEqual([]);
  });
});

describe('mergeConflicts (DESIGN.md 4)', () => {
  const changed = new Set(['status_change'] as const);
  it('never conflicts on a current or absent baseVersion', () => {
    expect(mergeConflicts(current, { status: 'closed', baseVersion: 4 }, changed)).toEqual([]);
    expect(mergeConflicts(current, { status: 'closed' }, changed)).toEqual([]);
  });
  it('conflicts only on a field changed since baseVersion to a different value', () => {
    expect(mergeConflicts(current, { status: 'closed', resolution: 'x', baseVersion: 2 }, changed)).toEqual(['status']);
    expect(mergeConflicts(current, { status: 'open', baseVersion: 2 }, changed)).toEqual([]);
    expect(mergeConflicts(current, { resolution: 'x', baseVersion: 2 }, changed)).toEqual([]);
  });
  it('treats severity like the other fields: a severity_change since baseVersion to another value conflicts', () => {
    const severityChanged = new Set(['severity_change'] as const);
    expect(mergeConflicts(current, { severity: 'urgent', baseVersion: 2 }, severityChanged)).toEqual(['severity']);
    expect(mergeConflicts(current, { severity: 'medium', baseVersion: 2 }, severityChanged)).toEqual([]);
    expect(mergeConflicts(current, { severity: 'urgent', baseVersion: 2 }, changed)).toEqual([]);
    expect(planTicketPatch(current, { severity: 'urgent' }, usernameOf).history).toEqual([
      { updateType: 'severity_change', previousValue: 'medium', newValue: 'urgent', comment: null, reply: false },
    ]);
  });
  it('never conflicts on comments', () => {
    expect(mergeConflicts(current, { comment: 'hi', baseVersion: 1 }, new Set(['comment'] as const))).toEqual([]);
  });
});

describe('applyTicketPatch and realConflicts', () => {
  it('applies only the merge fields of a patch', () => {
    expect(applyTicketPatch(current, { resolution: 'done', comment: 'x', baseVersion: 1 })).toEqual({ ...current, resolution: 'done' });
  });
  it('applies tag operations as a set over the tags the ticket has now (a tag added elsewhere stays)', () => {
    const tagged = { ...current, tags: ['Printer', 'vpn'] };
    expect(applyTicketPatch(tagged, { tagsAdd: ['printer', 'Urgent'], tagsRemove: ['VPN'] }).tags).toEqual(['Printer', 'Urgent']);
    expect(applyTicketPatch({ ...current, tags: undefined }, { tagsAdd: ['wifi'] }).tags).toEqual(['wifi']);
  });
  it('keeps a conflict only where the server value differs from what was seen', () => {
    const server = { status: 'closed' as const, severity: 'medium' as const, assignedTo: BOB, resolution: null, waitingOnCustomer: false };
    expect(realConflicts({ status: 'closed', assignedTo: ALICE }, server, ['status', 'assignedTo'])).toEqual(['assignedTo']);
    expect(realConflicts({}, server, ['resolution'])).toEqual(['resolution']);
  });
});

describe('ticketUpdateDraft: what the person saw', () => {
  const shown = { id: 't-1', ticketNumber: 'TKT-000001', status: 'open' as const, severity: 'medium' as const, assignedTo: null, resolution: null, version: 3 };
  it('records unassigned and an empty resolution as null, as the server has them', () => {
    const draft = ticketUpdateDraft(shown, { status: 'open', assignedTo: BOB, resolution: 'Rebooted', comment: '' })!;
    expect(draft.payload.seen).toEqual({ assignedTo: null, resolution: null });
    // So a later 409 caused by another field's writer is no conflict on these: the server still has null.
    const server = { status: 'in_progress' as const, severity: 'medium' as const, assignedTo: null, resolution: null, waitingOnCustomer: false };
    expect(realConflicts(draft.payload.seen, server, ['assignedTo', 'resolution'])).toEqual([]);
  });
  it('reads the false an older build queued for an empty assignee or resolution as null', () => {
    const server = { status: 'in_progress' as const, severity: 'medium' as const, assignedTo: null, resolution: null, waitingOnCustomer: false };
    expect(realConflicts({ assignedTo: false, resolution: false }, server, ['assignedTo', 'resolution'])).toEqual([]);
    expect(realConflicts({ assignedTo: false }, { ...server, assignedTo: BOB }, ['assignedTo'])).toEqual(['assignedTo']);
    expect(realConflicts({ waitingOnCustomer: false }, { ...server, waitingOnCustomer: true }, ['waitingOnCustomer'])).toEqual(['waitingOnCustomer']);
  });
  it('takes a screen that does not know waitingOnCustomer to have seen the default, false', () => {
    const draft = ticketUpdateDraft(shown, { status: 'open', assignedTo: '', resolution: '', comment: '', waitingOnCustomer: true })!;
    expect(draft.payload.seen).toEqual({ waitingOnCustomer: false });
  });
});
