import { ACCESS_MSG, STAFF_ROLES, type PublicUser, type Role } from '@portal/shared';

/**
 * Who may open each guarded page and what a wrong role is told (SPEC.md 2 route table, SPEC.md 6
 * messages, DESIGN.md 4 roles), and the header navigation built from it.
 *
 * SPEC.md 2 says the header does not distinguish staff from admin. This app does (README
 * Decisions, "Navigation by role"): a link that only bounces back to Home with 'Access Denied' is
 * worse than no link, so each role is offered exactly the pages its guard lets it open. Visitors
 * see Home and Support; a `user` also Change Password; technicians the staff pages; admins also
 * the admin pages, grouped under one 'Admin' menu on desktop so the bar fits one row from 992 px.
 */

/** Roles of a guarded page (undefined = any logged-in user) and its 'Access Denied' text for a wrong role. */
export interface PageAccess {
  roles?: readonly Role[];
  deniedMessage?: string;
}

export const ADMIN_ONLY: readonly Role[] = ['admin'];

/** The guard of every guarded route of SPEC.md 2, by path. AppRoutes and the navigation both read it. */
export const PAGE_ACCESS = {
  '/downloads': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.downloadsDenied },
  '/technician': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/technician/new': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/technician/close-out': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/scheduler': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/upcoming': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/recurring': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/vault': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/clients': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/clients/unlinked': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/assets': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/assets/scan': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/survey-dashboard': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/time-billing': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/admin': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/content': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/file-management': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/settings': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/activity': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/replies': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/templates': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/tags': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/admin/checklists': { roles: ADMIN_ONLY, deniedMessage: ACCESS_MSG.adminRequired },
  '/account/replies': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/change-password': {},
  '/account/security': {},
  '/inbox': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
  '/account/notifications': { roles: STAFF_ROLES, deniedMessage: ACCESS_MSG.staffRequired },
} as const satisfies Record<string, PageAccess>;

/** An asset label's path `/a/<tag>` (its QR code's URL, issue 53). */
export const ASSET_LABEL_PATH = /^\/a\/[^/]+\/?$/;

export type GuardedPath = keyof typeof PAGE_ACCESS;

/**
 * True for the guarded (staff and account) pages of {@link PAGE_ACCESS}; a trailing slash is
 * ignored. Those screens render in Ionic's content area (App.tsx); the public pages do not.
 */
export function isGuardedPath(pathname: string): boolean {
  // `/a/<tag>`: an asset label's URL (issue 53), guarded like /assets.
  if (ASSET_LABEL_PATH.test(pathname)) return true;
  return Object.hasOwn(PAGE_ACCESS, pathname.replace(/\/+$/, '') || '/');
}

/** True when a user with `role` passes the guard of `path` (public paths: always). */
export function canOpen(path: string, role: Role | null | undefined): boolean {
  const access = (PAGE_ACCESS as Record<string, PageAccess>)[path];
  if (!access) return true;
  if (!role) return false;
  return !access.roles || access.roles.includes(role);
}

export interface NavLinkItem {
  label: string;
  to: string;
}

export const PUBLIC_LINKS: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Support', to: '/support' },
];

/** The links of logged-in users in SPEC.md 2's order, before role filtering. */
export const STAFF_LINKS: NavLinkItem[] = [
  { label: 'Downloads', to: '/downloads' },
  { label: 'Tickets', to: '/technician' },
  { label: 'Scheduler', to: '/scheduler' },
  { label: 'Upcoming', to: '/upcoming' },
  { label: 'Customer Vault', to: '/vault' },
  { label: 'Clients', to: '/clients' },
  { label: 'Assets', to: '/assets' },
  { label: 'Surveys', to: '/survey-dashboard' },
  { label: 'Billing', to: '/time-billing' },
  { label: 'Admin', to: '/admin' },
  { label: 'Content', to: '/admin/content' },
  { label: 'File Manager', to: '/admin/file-management' },
  { label: 'SMS Settings', to: '/admin/settings' },
  { label: 'Replies & Macros', to: '/admin/replies' },
  { label: 'Ticket Templates', to: '/admin/templates' },
  { label: 'Checklist Templates', to: '/admin/checklists' },
  { label: 'Tags', to: '/admin/tags' },
  { label: 'My Replies', to: '/account/replies' },
  { label: 'Notification Preferences', to: '/account/notifications' },
  { label: 'Change Password', to: '/change-password' },
  { label: 'Security', to: '/account/security' },
];

/** The admin pages, shown together under 'Admin' (desktop menu, phone menu group). */
export const ADMIN_LINKS: NavLinkItem[] = [
  { label: 'Users', to: '/admin' },
  { label: 'Content', to: '/admin/content' },
  { label: 'File Manager', to: '/admin/file-management' },
  { label: 'SMS Settings', to: '/admin/settings' },
  { label: 'Activity Log', to: '/admin/activity' },
  { label: 'Replies & Macros', to: '/admin/replies' },
  { label: 'Ticket Templates', to: '/admin/templates' },
  { label: 'Checklist Templates', to: '/admin/checklists' },
  { label: 'Tags', to: '/admin/tags' },
  // Staff may open it (read only for technicians, who reach it from Upcoming); it is a settings screen, so it sits with the admin pages.
  { label: 'Recurring Tickets', to: '/recurring' },
];

const isAdminPath = (to: string) => to === '/admin' || to.startsWith('/admin/');

/** The Security page (two-factor authentication, README): beside Change Password; where an un-enrolled session is sent. */
export const SECURITY_PATH = '/account/security';

const ACCOUNT_PATHS = new Set(['/account/replies', '/account/notifications', '/change-password', SECURITY_PATH]);

/**
 * The navigation one person sees, in display order: `links`, then the `admin` group (empty unless
 * they may open those pages), then `account` (staff: My Replies, Notification Preferences; Change
 * Password, Security).
 */
export interface Navigation {
  links: NavLinkItem[];
  admin: NavLinkItem[];
  account: NavLinkItem[];
}

/** The navigation of a visitor (null) or a logged-in user: only the pages they may open. */
export function navigationFor(user: Pick<PublicUser, 'role'> | null | undefined): Navigation {
  if (!user) return { links: PUBLIC_LINKS, admin: [], account: [] };
  const mayOpen = STAFF_LINKS.filter((l) => canOpen(l.to, user.role));
  return {
    links: [...PUBLIC_LINKS, ...mayOpen.filter((l) => !isAdminPath(l.to) && !ACCOUNT_PATHS.has(l.to))],
    admin: ADMIN_LINKS.filter((l) => canOpen(l.to, user.role) && (isAdminPath(l.to) || user.role === 'admin')),
    account: mayOpen.filter((l) => ACCOUNT_PATHS.has(l.to)),
  };
}

/** True for the end-matched links ('/' and '/admin' must not light up on their sub-pages). */
export function isEndLink(to: string): boolean {
  return to === '/' || to === '/admin';
}
