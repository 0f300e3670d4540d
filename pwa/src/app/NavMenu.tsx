import { useEffect, useRef } from 'react';
import { IonContent, IonHeader, IonMenu, IonToolbar } from '@ionic/react';
import { NavLink } from 'react-router-dom';
import { PushControl } from '../features/push/PushControl';
import { useAuth } from '../lib/auth';
import { useIsDesktop } from '../lib/ui/useMediaQuery';
import { isEndLink, navigationFor, type NavLinkItem } from './nav';

/**
 * Phone navigation (SPEC.md 2 "Header"): a side menu with the same links as the desktop bar (only
 * the pages this role may open, app/nav.ts; the admin pages under an 'Admin' heading) and
 * 'Welcome, {username}' (Login/Logout stay in the top bar). The links are rendered only below the
 * desktop breakpoint, so each text exists once in the DOM. Choosing a link closes the menu.
 * Staff also get the 'Enable notifications' control for this device (features/push).
 *
 * Loaded on demand: App.tsx mounts it, with Ionic, the first time the header's 'Open
 * menu' button is pressed; every change of `opens` (a press counter) opens the menu.
 */
export default function NavMenu({ opens }: { opens: number }) {
  const menuRef = useRef<HTMLIonMenuElement>(null);
  const { user } = useAuth();
  const isDesktop = useIsDesktop();
  const close = () => void menuRef.current?.close();
  const nav = navigationFor(user);
  useEffect(() => {
    const menu = menuRef.current;
    if (opens === 0 || !menu) return;
    void customElements
      .whenDefined('ion-menu')
      .then(() => (menu as HTMLIonMenuElement & { componentOnReady?(): Promise<unknown> }).componentOnReady?.())
      .then(() => menu.open());
  }, [opens]);
  const item = (l: NavLinkItem) => (
    <li key={l.to}>
      <NavLink to={l.to} end={isEndLink(l.to)} className="nav-link" onClick={close}>
        {l.label}
      </NavLink>
    </li>
  );

  return (
    <IonMenu ref={menuRef} menuId="main-menu" contentId="main" type="overlay" disabled={isDesktop}>
      <IonHeader>
        <IonToolbar>
          <div className="menu-title">Menu</div>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {!isDesktop && (
          <nav aria-label="Main" className="nav-menu">
            {user && <p className="welcome">Welcome, {user.username}</p>}
            <PushControl layout="menu" />
            <ul>{nav.links.map(item)}</ul>
            {nav.admin.length > 0 && (
              <>
                <h2 className="nav-menu-group" id="nav-admin-heading">
                  Admin
                </h2>
                <ul aria-labelledby="nav-admin-heading">{nav.admin.map(item)}</ul>
              </>
            )}
            {nav.account.length > 0 && <ul>{nav.account.map(item)}</ul>}
          </nav>
        )}
      </IonContent>
    </IonMenu>
  );
}
