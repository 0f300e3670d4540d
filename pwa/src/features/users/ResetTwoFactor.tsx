import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { useStepUp } from '../../lib/twoFactor/stepUp';

/**
 * "Reset two-factor" in a user's edit sheet (README "Two-factor authentication": a technician lost
 * their phone). Not offered on one's own account. After a confirmation POST /api/users/:id/2fa/reset
 * removes the user's authenticator app, passkeys and recovery codes, signs them out everywhere and
 * revokes their offline vault devices; the user sets up a new second factor at their next sign-in.
 */
export function ResetTwoFactor({ user, me }: { user: PublicUser; me: string | undefined }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  // A security-relevant admin action asks "Confirm it's you" when the second factor is not fresh (issue 55).
  const { withStepUp } = useStepUp();
  const reset = useMutation({
    mutationFn: () => withStepUp(() => apiRequest<{ devicesRevoked: number }>('POST', `/api/users/${user.id}/2fa/reset`)),
    onSuccess: (r) => {
      setAsking(false);
      toast.show({
        title: 'Two-factor reset',
        description: `${user.username} was signed out everywhere${r.devicesRevoked ? ` and ${r.devicesRevoked} offline vault device(s) revoked` : ''}. They set up a new second factor at their next sign-in.`,
      });
    },
    onError: (err) => {
      setAsking(false);
      toast.show({ title: 'Error', description: failureText(err, 'Failed to reset two-factor authentication. Please try again.'), variant: 'destructive' });
    },
  });
  if (user.id === me) return null;
  return (
    <div className="reset-two-factor">
      <button type="button" className="btn btn-outline btn-block" onClick={() => setAsking(true)}>
        Reset two-factor
      </button>
      <ConfirmDialog
        open={asking}
        title="Reset Two-Factor Authentication"
        confirmLabel="Reset"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setAsking(false)}
        description={`Remove ${user.username}'s authenticator app, passkeys and recovery codes? They are signed out everywhere, their offline vault devices are revoked, and they must set up a new second factor at their next sign-in.`}
      />
    </div>
  );
}
