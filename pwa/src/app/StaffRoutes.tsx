import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { withIonic } from './ionic';
import { TicketPanelExtrasProvider } from '../lib/ticketPanelSlot';
import { CalendarExtrasProvider } from '../lib/calendarSlot';
import { TicketToolsProvider } from '../lib/ticketTools';
import { RequireAuth } from './RequireAuth';
import { PAGE_ACCESS, type GuardedPath, type PageAccess } from './nav';
import { NotFound } from './SimplePages';

/**
 * The staff and account routes (SPEC.md 2 with DESIGN.md 4's guards, app/nav.ts PAGE_ACCESS), a
 * chunk of their own that AppRoutes loads for a guarded path only: the customer's pages never
 * download this table nor the list of the staff screens' chunks (issue 58: about 8 KB gzip of the
 * entry, the public form pages' budget of 110 KB). Every screen loads on demand and brings Ionic
 * and the query cache with it ({@link withIonic}).
 */
const TicketsPage = lazy(() => withIonic(() => import('../features/tickets/TicketsPage')));
const NewTicketPage = lazy(() => withIonic(() => import('../features/tickets/new/NewTicketPage')));
const RepliesPage = lazy(() => withIonic(() => import('../features/replies/RepliesPage')));
const TemplatesPage = lazy(() => withIonic(() => import('../features/replies/TemplatesPage')));
const TagsPage = lazy(() => withIonic(() => import('../features/tags/TagsPage')));
const ChecklistTemplatesPage = lazy(() => withIonic(() => import('../features/recurring/templates/ChecklistTemplatesPage')));
const MyRepliesPage = lazy(() => withIonic(() => import('../features/replies/MyRepliesPage')));
const SettingsPage = lazy(() => withIonic(() => import('../features/settings/SettingsPage')));
const DownloadsPage = lazy(() => withIonic(() => import('../features/downloads/DownloadsPage')));
const ContentPage = lazy(() => withIonic(() => import('../features/content/ContentPage')));
const FileManagementPage = lazy(() => withIonic(() => import('../features/files/FileManagementPage')));
const TimeBillingPage = lazy(() => withIonic(() => import('../features/billing/TimeBillingPage')));
const SurveyDashboardPage = lazy(() => withIonic(() => import('../features/survey-dashboard/SurveyDashboardPage')));
const SchedulerPage = lazy(() => withIonic(() => import('../features/scheduler/SchedulerPage')));
const VaultPage = lazy(() => withIonic(() => import('../features/vault/VaultPage')));
const ClientsPage = lazy(() => withIonic(() => import('../features/clients/ClientsPage')));
const UnlinkedTicketsPage = lazy(() => withIonic(() => import('../features/clients/UnlinkedTicketsPage')));
const AssetsPage = lazy(() => withIonic(() => import('../features/assets/AssetsPage')));
const AssetTagPage = lazy(() => withIonic(() => import('../features/assets/AssetsPage').then((m) => ({ default: m.AssetTagPage }))));
const ScanPage = lazy(() => withIonic(() => import('../features/assets/ScanPage')));
const UsersPage = lazy(() => withIonic(() => import('../features/users/UsersPage')));
const ActivityLogPage = lazy(() => withIonic(() => import('../features/activity/ActivityPage')));
const ChangePasswordPage = lazy(() => withIonic(() => import('../features/auth/ChangePasswordPage')));
const RecurringPage = lazy(() => withIonic(() => import('../features/recurring/RecurringPage')));
const UpcomingPage = lazy(() => withIonic(() => import('../features/recurring/UpcomingPage')));
const CloseOutPage = lazy(() => withIonic(() => import('../features/visits/CloseOutPage')));
/** The visits feature's section of the Update Ticket panel (lib/ticketPanelSlot). */
const TICKET_EXTRAS = [lazy(() => import('../features/visits/TicketVisits'))];
/** The tickets feature's tools lent to the close-out (lib/ticketTools: canned replies, the ticket timer). */
const loadTicketTools = () => import('../features/tickets/ticketTools').then((m) => m.ticketTools);
/** The recurring feature's week of planned visits on the scheduler's Calendar View (lib/calendarSlot). */
const CALENDAR_EXTRAS = [lazy(() => import('../features/recurring/CalendarVisits'))];
const InboxPage = lazy(() => withIonic(() => import('../features/inbox/InboxPage')));
const NotificationPreferencesPage = lazy(() => withIonic(() => import('../features/inbox/PreferencesPage')));
const SecurityPage = lazy(() => withIonic(() => import('../features/twofa/SecurityPage')));

/** The guard of `path` from app/nav.ts PAGE_ACCESS (roles and the wrong-role message). */
function Guard({ path, children }: { path: GuardedPath; children: ReactNode }) {
  const access: PageAccess = PAGE_ACCESS[path];
  return (
    <RequireAuth roles={access.roles} deniedMessage={access.deniedMessage}>
      {children}
    </RequireAuth>
  );
}

/** The guarded pages: path (its guard is PAGE_ACCESS[path]) and the page. */
const GUARDED: { path: GuardedPath; page: ReactNode }[] = [
  { path: '/downloads', page: <DownloadsPage /> },
  {
    path: '/technician',
    page: (
      <TicketPanelExtrasProvider extras={TICKET_EXTRAS}>
        <TicketsPage />
      </TicketPanelExtrasProvider>
    ),
  },
  { path: '/technician/new', page: <NewTicketPage /> },
  {
    path: '/technician/close-out',
    page: (
      <TicketToolsProvider load={loadTicketTools}>
        <CloseOutPage />
      </TicketToolsProvider>
    ),
  },
  {
    path: '/scheduler',
    page: (
      <CalendarExtrasProvider extras={CALENDAR_EXTRAS}>
        <SchedulerPage />
      </CalendarExtrasProvider>
    ),
  },
  { path: '/upcoming', page: <UpcomingPage /> },
  { path: '/recurring', page: <RecurringPage /> },
  { path: '/vault', page: <VaultPage /> },
  { path: '/clients', page: <ClientsPage /> },
  { path: '/clients/unlinked', page: <UnlinkedTicketsPage /> },
  { path: '/assets', page: <AssetsPage /> },
  { path: '/assets/scan', page: <ScanPage /> },
  { path: '/survey-dashboard', page: <SurveyDashboardPage /> },
  { path: '/time-billing', page: <TimeBillingPage /> },
  { path: '/admin', page: <UsersPage /> },
  { path: '/admin/content', page: <ContentPage /> },
  { path: '/admin/file-management', page: <FileManagementPage /> },
  { path: '/admin/settings', page: <SettingsPage /> },
  { path: '/admin/activity', page: <ActivityLogPage /> },
  { path: '/admin/replies', page: <RepliesPage /> },
  { path: '/admin/templates', page: <TemplatesPage /> },
  { path: '/admin/tags', page: <TagsPage /> },
  { path: '/admin/checklists', page: <ChecklistTemplatesPage /> },
  { path: '/account/replies', page: <MyRepliesPage /> },
  { path: '/change-password', page: <ChangePasswordPage /> },
  { path: '/account/security', page: <SecurityPage /> },
  { path: '/inbox', page: <InboxPage /> },
  { path: '/account/notifications', page: <NotificationPreferencesPage /> },
];

/** The guarded routes; a path none of them matches is the 404 page. */
export default function StaffRoutes() {
  return (
    <Routes>
      {GUARDED.map((g) => (
        <Route key={g.path} path={g.path} element={<Guard path={g.path}>{g.page}</Guard>} />
      ))}
      {/* An asset label's QR code (issue 53): staff see the asset, from this device's copy offline. */}
      <Route path="/a/:tag" element={<Guard path="/assets"><AssetTagPage /></Guard>} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
