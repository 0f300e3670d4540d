import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { canOpen, isGuardedPath, navigationFor } from './nav';
import { defaultDeniedMessage } from './RequireAuth';

const labels = (n: ReturnType<typeof navigationFor>) => ({
  links: n.links.map((l) => l.label),
  admin: n.admin.map((l) => l.label),
  account: n.account.map((l) => l.label),
});

describe('navigation by role (offer only what the role may open)', () => {
  it('visitors see Home and Support', () => {
    expect(labels(navigationFor(null))).toEqual({ links: ['Home', 'Support'], admin: [], account: [] });
  });
  it('a plain user sees Change Password only', () => {
    expect(labels(navigationFor({ role: 'user' }))).toEqual({ links: ['Home', 'Support'], admin: [], account: ['Change Password', 'Security'] });
  });
  it('a technician sees the staff pages, no admin pages', () => {
    expect(labels(navigationFor({ role: 'technician' }))).toEqual({
      links: ['Home', 'Support', 'Downloads', 'Tickets', 'Scheduler', 'Upcoming', 'Customer Vault', 'Clients', 'Assets', 'Surveys', 'Billing'],
      admin: [],
      account: ['My Replies', 'Notification Preferences', 'Change Password', 'Security'],
    });
  });
  it("staff reach their notification preferences from the account menu too (not only from the Inbox)", () => {
    for (const role of ['technician', 'admin'] as const) expect(navigationFor({ role }).account).toContainEqual({ label: 'Notification Preferences', to: '/account/notifications' });
  });
  it('an admin also gets the admin group', () => {
    expect(labels(navigationFor({ role: 'admin' })).admin).toEqual(['Users', 'Content', 'File Manager', 'SMS Settings', 'Activity Log', 'Replies & Macros', 'Ticket Templates', 'Checklist Templates', 'Tags', 'Recurring Tickets']);
  });
  it('every offered link passes its guard', () => {
    for (const role of ['user', 'technician', 'admin'] as const) {
      const n = navigationFor({ role });
      for (const l of [...n.links, ...n.admin, ...n.account]) expect(canOpen(l.to, role), `${role} ${l.to}`).toBe(true);
    }
  });
});

describe('wrong-role messages (SPEC.md 6)', () => {
  it.each([
    ['/downloads', MSG.downloadsDenied],
    ['/technician', MSG.staffRequired],
    ['/vault', MSG.staffRequired],
    ['/admin', MSG.adminRequired],
    ['/admin/file-management', MSG.adminRequired],
    ['/admin/settings/', MSG.adminRequired],
  ])('%s -> %s', (path, message) => {
    expect(defaultDeniedMessage(path, undefined)).toBe(message);
  });
  it('unknown guarded paths fall back by role list', () => {
    expect(defaultDeniedMessage('/new-admin-page', ['admin'])).toBe(MSG.adminRequired);
    expect(defaultDeniedMessage('/new-staff-page', ['admin', 'technician'])).toBe(MSG.staffRequired);
  });
});

describe('isGuardedPath (staff screens render in Ionic, public ones do not)', () => {
  it('is true for the guarded pages, with or without a trailing slash, and false for the public ones', () => {
    for (const p of ['/technician', '/technician/', '/admin', '/admin/content', '/change-password']) expect(isGuardedPath(p)).toBe(true);
    for (const p of ['/', '/support', '/customer-support', '/survey', '/login', '/nope', '/admin/nope']) expect(isGuardedPath(p)).toBe(false);
  });
});
