import { IonButtons, IonHeader, IonIcon, IonMenuButton, IonToolbar } from '@ionic/react';
import { callOutline } from 'ionicons/icons';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { PushControl } from '../features/push/PushControl';
import { useAuth } from '../lib/auth';
import { telHref, useConfig } from '../lib/config';
import { useIsDesktop } from '../lib/ui/useMediaQuery';
import { AdminMenu } from './AdminMenu';
import { isEndLink, navigationFor, type NavLinkItem } from './nav';
import { ThemeSwitcher } from './ThemeSwitcher';

/**
 * The shared top bar (SPEC.md 1 / 2): app name, support phone, theme switcher and the navigation.
 * Login (visitors) or Logout (logged in) is always in the first row. Desktop (>= 992 px): a second
 * toolbar row holds, in ONE row, the links this role may open (app/nav.ts) with the admin pages
 * grouped in the 'Admin' menu (and, for staff, the notification control), and
 * 'Welcome, {username}' and Change Password sit beside Logout in the first row (so the links fit
 * one row at 992 px with the notification control). Phones: a menu
 * button opens {@link NavMenu} with the links and the welcome text.
 */
export function AppHeader() {
  const { appName, supportPhone } = useConfig();
  const { user, signOut } = useAuth();
  const isDesktop = useIsDesktop();
  const navigate = useNavigate();
  const nav = navigationFor(user);

  return (
    <IonHeader className="app-header">
      <IonToolbar>
        {!isDesktop && (
          <IonButtons slot="start">
            <IonMenuButton menu="main-menu" autoHide={false} aria-label="Open menu" />
          </IonButtons>
        )}
        <div className="brand">
          <Link to="/" className="brand-name">
            {appName}
          </Link>
          {supportPhone && (
            <a className="brand-phone" href={telHref(supportPhone)}>
              <IonIcon icon={callOutline} aria-hidden="true" />
              <span>{supportPhone}</span>
            </a>
          )}
        </div>
        <div slot="end" className="toolbar-end">
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
      </IonToolbar>
      {isDesktop && (
        <IonToolbar className="nav-toolbar">
          <nav aria-label="Main" className="nav-inline">
            {nav.links.map(barLink)}
            <AdminMenu links={nav.admin} />
          </nav>
          <PushControl layout="bar" slot="end" />
        </IonToolbar>
      )}
    </IonHeader>
  );
}

function barLink(l: NavLinkItem) {
  return (
    <NavLink key={l.to} to={l.to} end={isEndLink(l.to)} className="nav-link">
      {l.label}
    </NavLink>
  );
}
