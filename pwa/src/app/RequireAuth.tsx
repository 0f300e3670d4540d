import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { MSG, type Role } from '@portal/shared';
import { useAuth } from '../lib/auth';
import { useToast } from '../lib/toast';
import { Loading } from '../lib/ui/Loading';

/**
 * Route guard (SPEC.md 2 "Route table", roles per DESIGN.md 4):
 * - while the session check runs: spinner with 'Loading...';
 * - not logged in: destructive toast 'Access Denied' / 'You must be logged in to access this page.'
 *   and a redirect to /login;
 * - logged in with a role outside `roles`: redirect to /, with a destructive 'Access Denied' toast
 *   saying `deniedMessage` when one is given (SPEC.md 6, e.g. 'Admin privileges required');
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
  const { status, user } = useAuth();
  const toast = useToast();
  const mustLogIn = status === 'ready' && !user;
  const wrongRole = Boolean(user && roles && !roles.includes(user.role));

  useEffect(() => {
    if (mustLogIn) toast.show({ title: 'Access Denied', description: MSG.loginRequired, variant: 'destructive' });
  }, [mustLogIn, toast]);
  useEffect(() => {
    if (wrongRole && deniedMessage) toast.show({ title: 'Access Denied', description: deniedMessage, variant: 'destructive' });
  }, [wrongRole, deniedMessage, toast]);

  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  if (wrongRole) return <Navigate to="/" replace />;
  return <>{children}</>;
}
