/** Per-request Koa state shared by the middleware (DESIGN.md 4). */
import type { Role } from '@portal/shared';
import type { Database } from '../db/client';

/** The logged-in user as middleware sees it (never the password hash). */
export interface AuthUser {
  id: string;
  username: string;
  email: string | null;
  /** Their own phone (User Management), or null. */
  phone: string | null;
  role: Role;
  createdAt: Date;
}

/** Who made the request: set by `authenticate`, null for anonymous requests. */
export interface AuthInfo {
  user: AuthUser;
  sessionId: string;
  /** The two-factor policy requires a factor this user has not set up: only enrolment and logout are allowed. */
  needsEnrolment?: boolean;
}

export interface AppState {
  /** Request id (X-Request-Id), also written to error logs. */
  requestId: string;
  auth: AuthInfo | null;
  /** A session that must first enrol a second factor: kept aside (auth stays null) except for `requireSession()` routes (http/authenticate.ts). */
  enrolling?: AuthInfo | null;
  /** Parsed input from `validate(...)`; read it through the validator's typed `get(ctx)`. */
  input?: unknown;
  /** The route's transaction, set by `transaction(...)`; read it with `txOf(ctx)`. */
  tx?: Database | undefined;
  /** Set by the error handler when it logged this request's failure (so a 5xx is logged once). */
  errorLogged?: boolean;
}
