import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ACCESS_MSG, type Role } from '@portal/shared';
import { useAuth } from '../lib/auth';
import { useToast } from '../lib/toast';
import { Loading } from '../lib/ui/Loading';
import { PAGE_ACCESS, SECURITY_PATH, type PageAccess } from './nav';

/**
 * Route guard (SPEC.md 2 "Route table", roles per DESIGN.md 4):
 * - while the session check runs: spinner with 'Loading...';
 * - not logged in: destructive toast 'Access Denied' / 'You must be logged in to access this page.'
 *   and a redirect to /login carrying this page (`state.from`, where the sign-in returns);
 * - logged in with a role outside `roles`: redirect to /, with a destructive 'Access Denied' toast
 *   saying why (SPEC.md 6): `deniedMessage`, else the message of this path in app/nav.ts
 *   PAGE_ACCESS, else 'Admin privileges required' for admin-only pages and 'Admin or technician
 *   privileges required' otherwise. Every guard speaks;
 * - a session that must first set up a second factor (README "Two-factor authentication") is sent
 *   to /account/security from every other guarded page;
 * - otherwise the page. Without `roles` any logged-in user passes.
 */
export function RequireAuth({
  roles,
  deniedMessage,
  children,
}: {
  roles?: readonly Role[];
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { status, user, twoFactorEnrolmentRequired } = useAuth();
  const toast = useToast();
  const { pathname, search, hash } = useLocation();
  const mustLogIn = status === 'ready' && !user;
  const wrongRole = Boolean(user && roles && !roles.includes(user.role));
  const message = wrongRole ? (deniedMessage ?? defaultDeniedMessage(pathname, roles)) : undefined;

  useEffect(() => {
    if (mustLogIn) toast.show({ title: 'Access Denied', description: ACCESS_MSG.loginRequired, variant: 'destructive' });
  }, [mustLogIn, toast]);
  useEffect(() => {
    if (message) toast.show({ title: 'Access Denied', description: message, variant: 'destructive' });
  }, [message, toast]);

  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to="/login" replace state={{ from: pathname + search + hash }} />;
  if (wrongRole) return <Navigate to="/" replace />;
  if (twoFactorEnrolmentRequired && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return <>{children}</>;
}

/** The wrong-role text of a guarded path without an explicit `deniedMessage` (SPEC.md 6). */
export function defaultDeniedMessage(pathname: string, roles: readonly Role[] | undefined): string {
  const known = (PAGE_ACCESS as Record<string, PageAccess>)[pathname.replace(/\/+$/, '') || '/'];
  if (known?.deniedMessage) return known.deniedMessage;
  return roles && roles.length === 1 && roles[0] === 'admin' ? ACCESS_MSG.adminRequired : ACCESS_MSG.staffRequired;
}
