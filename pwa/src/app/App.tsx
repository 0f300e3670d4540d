import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AuthProvider, useAuth } from '../lib/auth';
import { whenIdle } from '../lib/idle';
import { useOfflineEngineWanted } from '../lib/offlineStart';
import { QueryRoot } from '../lib/queries';
import { ToastProvider } from '../lib/toast';
import { StepUpProvider } from '../lib/twoFactor/stepUp';
import { Loading } from '../lib/ui/Loading';
import { AppHeader } from './AppHeader';
import { AppRoutes, loadStaffRoutes } from './AppRoutes';
import { withIonic } from './ionic';
import { isGuardedPath } from './nav';

/**
 * The staff screens' scroll area (Ionic's IonContent), loaded with Ionic when a staff route opens,
 * beside the staff routes' chunk that renders in it (AppRoutes), so neither waits for the other.
 */
const IonicContent = lazy(() => withIonic(() => Promise.all([import('./IonicContent'), loadStaffRoutes()]).then(([content]) => content)));
/** The service worker's registration and update prompt (workbox-window), loaded after the first paint. */
const UpdatePrompt = lazy(() => import('./UpdatePrompt'));
/** The phone menu (Ionic's IonMenu), loaded when it is first opened. */
const NavMenu = lazy(() => withIonic(() => import('./NavMenu')));

/** Starts loading the phone menu's code (e.g. when a finger touches the menu button). */
export const preloadNavMenu = (): void => void withIonic(() => import('./NavMenu')).catch(() => undefined);

/**
 * The application: providers (the query cache's context, whose client loads with the screens that
 * use it: lib/queries.tsx; toasts, router, auth), the phone menu, the shared header and one
 * scrolling content area in which the routes render (SPEC.md 2: "a shared header and a toast area
 * surround all routes").
 *
 * A light shell (README Decisions "A light customer page"): the header and the public pages'
 * content area are plain React, so a customer's page loads no Ionic. Ionic comes with the screens
 * that use it: a staff route renders in Ionic's IonContent (IonicContent), and the phone menu
 * (NavMenu, IonMenu) is loaded for a signed-in user or the first time a visitor opens it. The
 * offline engine (`offline`, built by main.tsx: every feature's kinds and collections plus
 * OfflineSync) and the service worker's registration (UpdatePrompt) are mounted at once for staff
 * (signed in or on a staff path) whose page a service worker already controls, and otherwise (a
 * visitor, or staff on a first visit) when the browser is idle after the first page has been shown,
 * so they never delay the first form a customer sees nor a technician's first screen (README
 * Decisions "A light staff shell"); a visitor's page mounts the engine only once it needs it
 * (OfflineWhenWanted). A signed-in user's phone menu likewise waits for the first page on a first
 * visit.
 */
export function App({ offline }: { offline?: ReactNode }) {
  return (
    <QueryRoot>
      <ToastProvider>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AuthProvider>
            <StepUpProvider>
              <Shell offline={offline} later={import.meta.env.PROD && <UpdatePrompt />} />
            </StepUpProvider>
          </AuthProvider>
        </BrowserRouter>
      </ToastProvider>
    </QueryRoot>
  );
}

/**
 * The phone menu, the header and the content area. The menu is mounted once someone is signed in
 * (their screens load Ionic anyway, and the menu holds 'Welcome, {username}' on phones) or when a
 * visitor first opens it.
 */
function Shell({ offline, later }: { offline: ReactNode; later: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [menu, setMenu] = useState({ loaded: false, opens: 0 });
  const [pageShown, setPageShown] = useState(false);
  const openMenu = useCallback(() => setMenu((m) => ({ loaded: true, opens: m.opens + 1 })), []);
  const onPageShown = useCallback(() => setPageShown(true), []);
  // Staff (signed in, or on a staff path) on a page a service worker controls get the offline engine
  // at once: an outbox drained by the service worker before it mounted would go without its 'Ticket
  // Updated' feedback. Without a controlling worker (a first visit) there is no such outbox, and
  // the engine, the worker's registration and its precache would compete with the first screen.
  const staff = Boolean(user) || isGuardedPath(pathname);
  const atOnce = staff && hasServiceWorker();
  return (
    <>
      {(atOnce || pageShown) && (
        <WhenIdle now={atOnce}>
          <OfflineWhenWanted staff={staff}>{offline}</OfflineWhenWanted>
          {later}
        </WhenIdle>
      )}
      {(menu.loaded || (user && (pageShown || hasServiceWorker()))) && (
        <Suspense fallback={null}>
          <NavMenu opens={menu.opens} />
        </Suspense>
      )}
      <div className="ion-page" id="main">
        <SkipLink />
        <AppHeader onOpenMenu={openMenu} onMenuIntent={preloadNavMenu} />
        <MainContent onPageShown={onPageShown} />
      </div>
    </>
  );
}

/** Id of every page's `<main>`, the target of the skip link. */
const CONTENT_ID = 'content';

/**
 * 'Skip to content' (WCAG 2.4.1 bypass blocks): the first focusable element of every page, shown
 * only while focused; it moves focus (and the view) to the page's `<main>` past the header and menu.
 * Focus is moved by script: a plain `#content` fragment would not scroll IonContent's inner scroller
 * reliably and would add a history entry.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(e) => {
        const target = document.getElementById(CONTENT_ID);
        if (!target) return;
        e.preventDefault();
        target.focus();
        target.scrollIntoView?.({ block: 'start' });
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * The offline engine, once this page needs it (lib/offlineStart.ts): at once for staff (signed in,
 * or on a staff path: the same moment as before this rule), and never unmounted after; for a
 * visitor when this browser already holds the engine's database (a request of an earlier visit may
 * be waiting) or when a public write is about to queue, not on a first visit that sends
 * nothing (issue 59: opening and creating the database, and the engine's start, cost the first
 * paint's aftermath hundreds of ms of main thread on a phone).
 */
function OfflineWhenWanted({ staff, children }: { staff: boolean; children: ReactNode }) {
  return useOfflineEngineWanted(staff) ? children : null;
}

/** true when a service worker controls this page (not a first visit). */
const hasServiceWorker = (): boolean => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * Renders `children` once the browser is idle (lib/idle, at most a second later), or at once when
 * `now`; once shown they stay mounted.
 */
function WhenIdle({ now, children }: { now: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(now);
  if (now && !shown) setShown(true);
  useEffect(() => (shown ? undefined : whenIdle(() => setShown(true))), [shown]);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The scroll area; scrolls back to the top when the path changes. Public paths scroll in a plain
 * element; staff paths in Ionic's IonContent (their screens rely on its scroll element, e.g. the
 * virtual ticket list).
 */
function MainContent({ onPageShown }: { onPageShown(): void }) {
  const { pathname } = useLocation();
  const routes = (
    <main className="main" id={CONTENT_ID} tabIndex={-1}>
      <Suspense fallback={<Loading />}>
        <AppRoutes />
        <Shown onShown={onPageShown} />
      </Suspense>
    </main>
  );
  if (!isGuardedPath(pathname)) return <PlainContent pathname={pathname}>{routes}</PlainContent>;
  const loading = (
    <PlainContent pathname={pathname}>
      <main className="main" id={CONTENT_ID} tabIndex={-1}>
        <Loading />
      </main>
    </PlainContent>
  );
  return (
    <Suspense fallback={loading}>
      <IonicContent pathname={pathname}>{routes}</IonicContent>
    </Suspense>
  );
}

/**
 * Calls `onShown` after its first commit. Placed beside the routes inside their Suspense boundary,
 * it commits only together with the first page (not while a lazy page is still loading), so what
 * App.tsx loads "later" never competes with the page the visitor came for.
 */
function Shown({ onShown }: { onShown(): void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/** The public pages' scroll area: looks and scrolls like IonContent (styles.css `.app-content`). */
function PlainContent({ pathname, children }: { pathname: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <div ref={ref} id="main-content" className="app-content">
      {children}
    </div>
  );
}
