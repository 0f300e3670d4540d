import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { failureText } from './failureText';
import { USERS_TEXT } from './texts';

/**
 * 'Unlock sign-in' of one user row (User Management): POST /api/users/{id}/unlock-login deletes the
 * failed-login counts that lock that username out for 15 minutes after 10 wrong passwords
 * (DESIGN.md 7). Toasts 'Sign-in Unlocked' or 'Failed to unlock sign-in' with the server's reason.
 */
export function UnlockSignIn({ user }: { user: PublicUser }) {
  const toast = useToast();
  const unlock = useMutation<void, Error, void>({
    mutationFn: () => apiRequest<void>('POST', `/api/users/${encodeURIComponent(user.id)}/unlock-login`),
    onSuccess: () => toast.show({ title: USERS_TEXT.unlocked, description: `${user.username} can sign in again now.` }),
    onError: (error) => toast.show({ title: USERS_TEXT.unlockFailed, description: failureText(error), variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      className="btn btn-outline btn-small"
      aria-label={`Unlock sign-in for ${user.username}`}
      disabled={unlock.isPending}
      onClick={() => unlock.mutate()}
    >
      {unlock.isPending ? 'Unlocking...' : 'Unlock sign-in'}
    </button>
  );
}
