import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage';
import { SupportPage } from '../features/support/SupportPage';
import { CustomerSupportPage } from '../features/support/CustomerSupportPage';
import { RequireAuth } from './RequireAuth';
import { PAGE_ACCESS, type GuardedPath, type PageAccess } from './nav';
import { ComingSoon, NotFound } from './SimplePages';

/** Staff and login screens load on demand so the public pages stay small (DESIGN.md 2). */
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const TicketsPage = lazy(() => import('../features/tickets/TicketsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));

/** The guard of `path` from app/nav.ts PAGE_ACCESS (roles and the wrong-role message). */
function Guard({ path, children }: { path: GuardedPath; children: ReactNode }) {
  const access: PageAccess = PAGE_ACCESS[path];
  return (
    <RequireAuth roles={access.roles} deniedMessage={access.deniedMessage}>
      {children}
    </RequireAuth>
  );
}

/** Guarded placeholder routes: path and title. */
const PLACEHOLDERS: { path: GuardedPath; title: string }[] = [
  { path: '/downloads', title: 'Downloads' },
  { path: '/scheduler', title: 'Scheduler and KPI Dashboard' },
  { path: '/vault', title: 'Customer Vault' },
  { path: '/survey-dashboard', title: 'Survey Dashboard' },
  { path: '/admin/content', title: 'Content Management' },
  { path: '/admin/file-management', title: 'File Management' },
];

/**
 * The route table of SPEC.md 2 with the guard decisions of DESIGN.md 4 (app/nav.ts PAGE_ACCESS):
 * staff screens need admin or technician, admin screens need admin, change password any logged-in
 * user; a wrong role is sent to / with SPEC.md 6's message; anything else is the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="/customer-support" element={<CustomerSupportPage />} />
      <Route path="/survey" element={<ComingSoon title="Customer Satisfaction Survey" />} />
      <Route
        path="/technician"
        element={
          <Guard path="/technician">
            <TicketsPage />
          </Guard>
        }
      />
      <Route
        path="/admin/settings"
        element={
          <Guard path="/admin/settings">
            <SettingsPage />
          </Guard>
        }
      />
      <Route
        path="/admin"
        element={
          <Guard path="/admin">
            <UsersPage />
          </Guard>
        }
      />
      <Route
        path="/change-password"
        element={
          <Guard path="/change-password">
            <ChangePasswordPage />
          </Guard>
        }
      />
      {PLACEHOLDERS.map((p) => (
        <Route
          key={p.path}
          path={p.path}
          element={
            <Guard path={p.path}>
              <ComingSoon title={p.title} />
            </Guard>
          }
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
