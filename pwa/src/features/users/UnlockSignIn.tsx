import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_STATUS_TEXT, type PublicUser } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { SIGN_IN_LOCKS_KEY, useSignInLocks } from './api/useSignInLocks';
import { failureText } from '../../lib/connection';
import { USERS_TEXT } from './texts';

/** '9:14 PM' (SPEC.md 9's time of day). */
const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * 'Unlock sign-in' of one user row (User Management), shown only while that user's sign-in is
 * locked (GET /api/users/sign-in-locks; issue 56: it showed on every row), with "locked until 9:14 PM".
 * POST /api/users/{id}/unlock-login deletes the failed-login counts that lock that username out for
 * 15 minutes after 10 wrong passwords (DESIGN.md 7). Toasts 'Sign-in Unlocked' or 'Failed to unlock
 * sign-in' with the server's reason.
 */
export function UnlockSignIn({ user }: { user: PublicUser }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const lockedUntil = useSignInLocks().get(user.username.toLowerCase());
  const unlock = useMutation<void, Error, void>({
    mutationFn: () => apiRequest<void>('POST', `/api/users/${encodeURIComponent(user.id)}/unlock-login`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SIGN_IN_LOCKS_KEY });
      toast.show({ title: USERS_TEXT.unlocked, description: `${user.username} can sign in again now.` });
    },
    onError: (error) => toast.show({ title: USERS_TEXT.unlockFailed, description: failureText(error), variant: 'destructive' }),
  });
  if (!lockedUntil) return null;
  return (
    <span className="user-locked">
      <span className="muted">{USER_STATUS_TEXT.lockedUntil(timeOfDay(lockedUntil))}</span>
      <button
        type="button"
        className="btn btn-outline btn-small"
        aria-label={`Unlock sign-in for ${user.username}`}
        disabled={unlock.isPending}
        onClick={() => unlock.mutate()}
      >
        {unlock.isPending ? 'Unlocking...' : 'Unlock sign-in'}
      </button>
    </span>
  );
}
