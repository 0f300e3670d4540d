import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { MSG, STAFF_ROLES, type Role } from '@portal/shared';
import { HomePage } from '../features/home/HomePage';
import { SupportPage } from '../features/support/SupportPage';
import { CustomerSupportPage } from '../features/support/CustomerSupportPage';
import { RequireAuth } from './RequireAuth';
import { ComingSoon, NotFound } from './SimplePages';

/** Staff and login screens load on demand so the public pages stay small (DESIGN.md 2). */
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const TicketsPage = lazy(() => import('../features/tickets/TicketsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const DownloadsPage = lazy(() => import('../features/downloads/DownloadsPage'));
const ContentPage = lazy(() => import('../features/content/ContentPage'));
const FileManagementPage = lazy(() => import('../features/files/FileManagementPage'));
const SurveyPage = lazy(() => import('../features/survey/SurveyPage'));
const SurveyDashboardPage = lazy(() => import('../features/survey-dashboard/SurveyDashboardPage'));
const SchedulerPage = lazy(() => import('../features/scheduler/SchedulerPage'));
const VaultPage = lazy(() => import('../features/vault/VaultPage'));

const ADMIN: readonly Role[] = ['admin'];

/** Guarded placeholder routes: path, roles (undefined = any logged-in user) and title. */
const PLACEHOLDERS: { path: string; roles?: readonly Role[]; title: string }[] = [
  { path: '/admin', roles: ADMIN, title: 'User Management' },
  { path: '/change-password', title: 'Change Password' },
];

/**
 * The route table of SPEC.md 2 with the guard decisions of DESIGN.md 4: staff screens need admin
 * or technician, admin screens need admin, change password any logged-in user; anything else is
 * the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="/customer-support" element={<CustomerSupportPage />} />
      <Route path="/survey" element={<SurveyPage />} />
      <Route
        path="/survey-dashboard"
        element={
          <RequireAuth roles={STAFF_ROLES}>
            <SurveyDashboardPage />
          </RequireAuth>
        }
      />
      <Route
        path="/technician"
        element={
          <RequireAuth roles={STAFF_ROLES}>
            <TicketsPage />
          </RequireAuth>
        }
      />
      <Route
        path="/scheduler"
        element={
          <RequireAuth roles={STAFF_ROLES}>
            <SchedulerPage />
          </RequireAuth>
        }
      />
      <Route
        path="/vault"
        element={
          <RequireAuth roles={STAFF_ROLES}>
            <VaultPage />
          </RequireAuth>
        }
      />
      <Route
        path="/admin/settings"
        element={
          <RequireAuth roles={ADMIN} deniedMessage={MSG.adminRequired}>
            <SettingsPage />
          </RequireAuth>
        }
      />
      <Route
        path="/downloads"
        element={
          <RequireAuth roles={STAFF_ROLES} deniedMessage={MSG.downloadsDenied}>
            <DownloadsPage />
          </RequireAuth>
        }
      />
      <Route
        path="/admin/content"
        element={
          <RequireAuth roles={ADMIN} deniedMessage={MSG.adminRequired}>
            <ContentPage />
          </RequireAuth>
        }
      />
      <Route
        path="/admin/file-management"
        element={
          <RequireAuth roles={ADMIN} deniedMessage={MSG.adminRequired}>
            <FileManagementPage />
          </RequireAuth>
        }
      />
      {PLACEHOLDERS.map((p) => (
        <Route
          key={p.path}
          path={p.path}
          element={
            <RequireAuth roles={p.roles}>
              <ComingSoon title={p.title} />
            </RequireAuth>
          }
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
