import { Suspense, lazy } from 'react';
import { callOutline, menuSharp } from 'ionicons/icons';
import { STAFF_ROLES } from '@portal/shared';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { telHref, useConfig } from '../lib/config';
import { Icon } from '../lib/ui/Icon';
import { useIsDesktop } from '../lib/ui/useMediaQuery';
import { withIonic } from './ionic';
import { isEndLink, navigationFor, type NavLinkItem } from './nav';
import { ThemeSwitcher } from './ThemeSwitcher';

/** The desktop 'Admin' menu: loaded only for admins. */
const AdminMenu = lazy(() => import('./AdminMenu').then((m) => ({ default: m.AdminMenu })));
/** The staff notification control (uses Ionic): loaded only for staff. */
/** The inbox bell with the unread count (reads the phone's copy): loaded only for staff. */
const InboxBell = lazy(() => import('../features/inbox/InboxBell').then((m) => ({ default: m.InboxBell })));
const PushControl = lazy(() => withIonic(() => import('../features/push/PushControl')).then((m) => ({ default: m.PushControl })));

/**
 * The shared top bar (SPEC.md 1 / 2): app name, support phone, theme switcher and the navigation.
 * Login (visitors) or Logout (logged in) is always in the first row. Desktop (>= 992 px): a second
 * toolbar row holds, in ONE row, the links this role may open (app/nav.ts) with the admin pages
 * grouped in the 'Admin' menu (and, for staff, the notification control), and
 * 'Welcome, {username}' and Change Password sit beside Logout in the first row (so the links fit
 * one row at 992 px with the notification control). Phones: the 'Open menu' button calls
 * `onOpenMenu` (App.tsx shows {@link NavMenu} with the links and the welcome text);
 * `onMenuIntent` (touch or focus on it) may start loading the menu's code.
 *
 * Plain elements styled like Ionic's md toolbar (styles.css `.app-header`, `.toolbar`), so the
 * header costs no Ionic code on the public pages.
 */
export function AppHeader({ onOpenMenu, onMenuIntent }: { onOpenMenu(): void; onMenuIntent?(): void }) {
  const { appName, supportPhone } = useConfig();
  const { user, signOut } = useAuth();
  const isDesktop = useIsDesktop();
  const navigate = useNavigate();
  const nav = navigationFor(user);
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));

  return (
    <header className="app-header">
      <div className="toolbar">
        <div className="toolbar-container">
          {!isDesktop && (
            <button
              type="button"
              className="menu-button"
              aria-label="Open menu"
              onClick={onOpenMenu}
              onPointerDown={onMenuIntent}
              onFocus={onMenuIntent}
            >
              <Icon icon={menuSharp} />
            </button>
          )}
          <div className="brand">
            <Link to="/" className="brand-name">
              {appName}
            </Link>
            {supportPhone && (
              <a className="brand-phone" href={telHref(supportPhone)}>
                <Icon icon={callOutline} />
                <span>{supportPhone}</span>
              </a>
            )}
          </div>
          <div className="toolbar-end">
            {isStaff && (
              <Suspense fallback={null}>
                <InboxBell />
              </Suspense>
            )}
            <ThemeSwitcher />
            {user ? (
              <>
                {isDesktop && <span className="welcome">Welcome, {user.username}</span>}
                {isDesktop && nav.account.map(barLink)}
                <button type="button" className="btn btn-outline btn-small" onClick={() => void signOut()}>
                  Logout
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-primary btn-small" onClick={() => navigate('/login')}>
                Login
              </button>
            )}
          </div>
        </div>
      </div>
      {isDesktop && (
        <div className="toolbar nav-toolbar">
          <div className="toolbar-container">
            <nav aria-label="Main" className="nav-inline">
              {nav.links.map(barLink)}
              {nav.admin.length > 0 && (
                <Suspense fallback={null}>
                  <AdminMenu links={nav.admin} />
                </Suspense>
              )}
            </nav>
            {isStaff && (
              <Suspense fallback={null}>
                <PushControl layout="bar" />
              </Suspense>
            )}
          </div>
        </div>
      )}
    </header>
  );
}

function barLink(l: NavLinkItem) {
  return (
    <NavLink key={l.to} to={l.to} end={isEndLink(l.to)} className="nav-link">
      {l.label}
    </NavLink>
  );
}
