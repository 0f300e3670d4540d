import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LazyLostLinkForm } from '../features/support/lostLink';
// The status page's styles come with the entry: its chunk then has no CSS file to list (the public-route JavaScript budget).
import '../features/ticket-status/status.css';
import { withQueries } from '../lib/queries';
import { isGuardedPath } from './nav';
import { NotFound } from './SimplePages';

/**
 * Every screen loads on demand, so each public page loads only its own code (DESIGN.md 2; the
 * public forms share one chunk with react-hook-form, vite.config.ts); the staff routes are a chunk
 * of their own (app/StaffRoutes.tsx), whose screens bring Ionic with them, the public ones never
 * load it.
 */
const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const SupportPage = lazy(() => import('../features/support/SupportPage').then((m) => ({ default: m.SupportPage })));
const CustomerSupportPage = lazy(() => import('../features/support/CustomerSupportPage').then((m) => ({ default: m.CustomerSupportPage })));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SurveyPage = lazy(() => import('../features/survey/SurveyPage'));
/** The status page reads its link's view through the persisted query cache (lib/queries.tsx). */
const StatusPage = lazy(() => withQueries(() => import('../features/ticket-status/StatusPage')));

/** The staff routes' chunk (app/StaffRoutes.tsx); App.tsx starts it beside Ionic on a guarded path. */
export const loadStaffRoutes = () => import('./StaffRoutes');
const StaffRoutes = lazy(loadStaffRoutes);

/**
 * The route table of SPEC.md 2: the public pages here, the guarded ones (DESIGN.md 4: staff screens
 * need admin or technician, admin screens need admin, change password any logged-in user; a wrong
 * role is sent to / with SPEC.md 6's message) in {@link StaffRoutes}; anything else is the 404 page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="/customer-support" element={<CustomerSupportPage />} />
      <Route path="/survey" element={<SurveyPage />} />
      {/* The customer's status link (docs/status-links.md); its 'no longer valid' view offers the support feature's lookup. */}
      <Route path="/status/:token" element={<StatusPage lookup={<LazyLostLinkForm />} />} />
      <Route path="*" element={isGuardedPath(pathname) ? <StaffRoutes /> : <NotFound />} />
    </Routes>
  );
}
