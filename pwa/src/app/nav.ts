/**
 * Header navigation (SPEC.md 2 "Header"): visitors see Home and Support; logged-in users also see
 * the staff links. The navigation does not distinguish staff from admin (SPEC.md 2); the route
 * guards do (DESIGN.md 4).
 */
export interface NavLinkItem {
  label: string;
  to: string;
}

export const PUBLIC_LINKS: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Support', to: '/support' },
];

export const STAFF_LINKS: NavLinkItem[] = [
  { label: 'Downloads', to: '/downloads' },
  { label: 'Tickets', to: '/technician' },
  { label: 'Scheduler', to: '/scheduler' },
  { label: 'Customer Vault', to: '/vault' },
  { label: 'Surveys', to: '/survey-dashboard' },
  { label: 'Admin', to: '/admin' },
  { label: 'Content', to: '/admin/content' },
  { label: 'File Manager', to: '/admin/file-management' },
  { label: 'SMS Settings', to: '/admin/settings' },
  { label: 'Change Password', to: '/change-password' },
];

/** The links a visitor (false) or a logged-in user (true) sees. */
export function navLinks(loggedIn: boolean): NavLinkItem[] {
  return loggedIn ? [...PUBLIC_LINKS, ...STAFF_LINKS] : PUBLIC_LINKS;
}
