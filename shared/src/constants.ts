/**
 * Business constants of the portal (SPEC.md 3, 4 and 9). Every screen and every API rule reads
 * these; nothing else may hard-code a status, severity, role or label.
 */

/** Ticket statuses in workflow order (SPEC.md 4 / 9). New tickets start as `open`. */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Human labels of the statuses, used on tabs, badges and the status picker. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Severity levels (SPEC.md 9), lowest first. */
export const SEVERITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Exact option texts of the severity picker (SPEC.md 9). */
export const SEVERITY_LABELS: Record<Severity, string> = {
  low: 'Low - Minor issue, not impacting workflow',
  medium: 'Medium - Needs attention but not urgent',
  high: 'High - Significant impact; needs fast response',
  urgent: 'Urgent - Business-critical; immediate support required',
};

/** Short severity names for badges and cards (the pickers use SEVERITY_LABELS). */
export const SEVERITY_NAMES: Record<Severity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** How the customer wants to be contacted (SPEC.md 9). `text` means SMS. */
export const CONTACT_METHODS = ['email', 'phone', 'text'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** Exact option texts of the contact-method picker (SPEC.md 9). */
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: 'Email - We will respond via email',
  phone: 'Phone - Expect a call from us',
  text: "Text Message - We'll text you for quick replies",
};

/** User roles (SPEC.md 6). The schema default is `user`; the create form defaults to `technician`. */
export const ROLES = ['admin', 'technician', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'user';
export const CREATE_FORM_DEFAULT_ROLE: Role = 'technician';

/** Roles that may be assigned tickets and work them (SPEC.md 6: assignee list is technician or admin). */
export const STAFF_ROLES: readonly Role[] = ['admin', 'technician'];

/** Content item types, categories and platforms (SPEC.md 9). */
export const CONTENT_TYPES = ['document', 'guide', 'installer'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_CATEGORIES = [
  'Desktop Applications',
  'Documentation',
  'Technical Documentation',
  'Support Tools',
  'Utilities',
  'Diagnostics',
] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const PLATFORMS = ['Windows', 'Mac', 'Linux', 'Cross-Platform', 'Web-based'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Category whose active items appear on /downloads (SPEC.md 4). */
export const SUPPORT_TOOLS_CATEGORY: ContentCategory = 'Support Tools';

/** Tab labels of /admin/content per content type (SPEC.md 2: Documents, Guides, Installers). */
export const CONTENT_TYPE_TABS: Record<ContentType, string> = {
  document: 'Documents',
  guide: 'Guides',
  installer: 'Installers',
};

/** Singular labels of the content types for pickers and badges. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  document: 'Document',
  guide: 'Guide',
  installer: 'Installer',
};

/** Survey dashboard ranges in days (SPEC.md 9), default 30. */
export const SURVEY_RANGE_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_SURVEY_RANGE_DAYS = 30;

/** Validation limits (SPEC.md 9). */
export const MIN_ISSUE_LENGTH = 10;
export const MIN_NEW_PASSWORD_LENGTH = 6;

/** Largest PostgreSQL `integer` (versions, counters): request numbers above it are refused with 400. */
export const PG_INTEGER_MAX = 2_147_483_647;
/** Latest epoch time in ms a request may carry (9999-12-31T23:59:59.999Z, the last date PostgreSQL and `Date` both print as four digits). */
export const MAX_EPOCH_MS = 253_402_300_799_999;

/** Delay before the page reloads after a successful login, in milliseconds (SPEC.md 4 / 9). */
export const LOGIN_RELOAD_DELAY_MS = 500;

/** Toast display duration in milliseconds (SPEC.md 9). */
export const TOAST_DURATION_MS = 5000;

/** Calendar and overview limits (SPEC.md 9). */
export const CALENDAR_TICKET_COUNT = 10;
export const CALENDAR_ISSUE_CHARS = 100;
export const OVERVIEW_FEEDBACK_COUNT = 3;

/** Phone support hours shown on the landing page (SPEC.md 2 / 9). */
export const PHONE_SUPPORT_HOURS = '10am-6pm Monday through Friday';

/** Value the assignee picker uses for "no assignee"; sent to the API as `null` (SPEC.md 4). */
export const UNASSIGNED = 'unassigned';

/** Name of the bootstrap administrator, who cannot be deleted from the UI (SPEC.md 2). */
export const ADMIN_USERNAME = 'admin';

/** Header carrying a client-made UUID that makes a write safe to replay (DESIGN.md 4). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
