import { describe, expect, it } from 'vitest';
import { buildTicketPatch, formatTicketNumber, ticketEditDefaults } from './tickets';
import { workloadLevel } from './workload';
import { formatFileSize } from './format';
import { ticketCreateSchema, ticketPatchSchema } from '../schemas/tickets';
import { changePasswordFormSchema, loginSchema } from '../schemas/auth';
import { MSG } from '../messages';

const ticket = { status: 'open' as const, severity: 'medium' as const, assignedTo: null, resolution: null, version: 3 };

describe('formatTicketNumber', () => {
  it('pads to six digits', () => {
    expect(formatTicketNumber(1)).toBe('TKT-000001');
    expect(formatTicketNumber(1234567)).toBe('TKT-1234567');
  });
  it('rejects non-positive numbers', () => {
    expect(() => formatTicketNumber(0)).toThrow(RangeError);
  });
});

describe('buildTicketPatch (SPEC.md 4)', () => {
  it('returns null when nothing changed', () => {
    expect(buildTicketPatch(ticket, ticketEditDefaults(ticket))).toBeNull();
  });
  it('sends only changed fields with the base version', () => {
    const values = { ...ticketEditDefaults(ticket), status: 'in_progress' as const, comment: '  on my way  ' };
    expect(buildTicketPatch(ticket, values)).toEqual({ status: 'in_progress', comment: 'on my way', baseVersion: 3 });
  });
  it('sends severity only when staff changed it; a kanban move (no severity) never does', () => {
    expect(buildTicketPatch(ticket, { ...ticketEditDefaults(ticket), severity: 'urgent' })).toEqual({ severity: 'urgent', baseVersion: 3 });
    const { severity: _omitted, ...move } = { ...ticketEditDefaults(ticket), status: 'closed' as const };
    expect(buildTicketPatch(ticket, move)).toEqual({ status: 'closed', baseVersion: 3 });
  });
  it('sends reply: true only with a comment marked as a reply', () => {
    const reply = { ...ticketEditDefaults(ticket), comment: 'Fixed, please restart', reply: true };
    expect(buildTicketPatch(ticket, reply)).toEqual({ comment: 'Fixed, please restart', reply: true, baseVersion: 3 });
    expect(buildTicketPatch(ticket, { ...reply, reply: false })).toEqual({ comment: 'Fixed, please restart', baseVersion: 3 });
    expect(buildTicketPatch(ticket, { ...reply, comment: '  ' })).toBeNull();
  });
  it('refuses reply without a comment', () => {
    const r = ticketPatchSchema.safeParse({ status: 'closed', reply: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: MSG.replyNeedsComment, path: ['comment'] });
  });
  it('maps unassigned to null and skips an emptied resolution', () => {
    const assigned = { ...ticket, assignedTo: '11111111-1111-4111-8111-111111111111', resolution: 'done' };
    const values = { ...ticketEditDefaults(assigned), assignedTo: 'unassigned', resolution: '   ' };
    expect(buildTicketPatch(assigned, values)).toEqual({ assignedTo: null, baseVersion: 3 });
  });
});

describe('workloadLevel (SPEC.md 9)', () => {
  it.each([
    [0, 'light'],
    [3, 'light'],
    [4, 'moderate'],
    [8, 'moderate'],
    [9, 'heavy'],
  ])('%i active tickets is %s', (n, level) => expect(workloadLevel(n)).toBe(level));
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [334, '334 bytes'],
    [500, '500 bytes'],
    [785, '785 bytes'],
    [1023, '1023 bytes'],
    [1536, '1.50 KB'],
    [25 * 1024, '25.00 KB'],
    [5 * 1024 ** 3, '5.00 GB'],
  ])('%i -> %s', (n, text) => expect(formatFileSize(n)).toBe(text));
});

describe('validation messages (SPEC.md 5)', () => {
  const fieldErrors = (r: { success: boolean; error?: { flatten(): { fieldErrors: Record<string, string[]> } } }) =>
    r.error?.flatten().fieldErrors ?? {};

  it('ticket form', () => {
    const r = ticketCreateSchema.safeParse({ clientName: ' ', customerEmail: 'x', customerPhone: '', issue: 'short' });
    expect(fieldErrors(r)).toMatchObject({
      clientName: [MSG.nameRequired],
      customerEmail: [MSG.validEmailRequired],
      customerPhone: [MSG.phoneRequired],
      issue: [MSG.issueTooShort],
      severity: [MSG.severityRequired],
      contactMethod: [MSG.contactMethodRequired],
    });
  });
  it('login form', () => {
    expect(fieldErrors(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: [MSG.usernameRequired],
      password: [MSG.passwordRequired],
    });
  });
  it('change password form', () => {
    expect(fieldErrors(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '123', confirmPassword: '' }))).toEqual({
      currentPassword: [MSG.currentPasswordRequired],
      newPassword: [MSG.newPasswordTooShort],
      confirmPassword: [MSG.confirmPasswordRequired],
    });
    expect(
      fieldErrors(changePasswordFormSchema.safeParse({ currentPassword: 'a', newPassword: '123456', confirmPassword: '1234567' })),
    ).toEqual({ confirmPassword: [MSG.passwordsDontMatch] });
  });
});
