import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERNAME, USER_STATUS_TEXT, type ManagedUser, type PublicUser } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { useToast } from '../../lib/toast';
import { USERS_KEY } from './api/keys';
import { failureText } from '../../lib/connection';

/**
 * 'Disable' / 'Enable' of one user row (User Management): POST /api/users/{id}/disable ends every
 * session and offline vault device of that user and refuses their sign-in until
 * POST /api/users/{id}/enable. Disable asks first ('Disable {username}?', issue 56: one tap signed a
 * user out everywhere); Enable does not. Not offered for the built-in admin nor your own account
 * (the server refuses both). Toasts 'User Disabled' / 'User Enabled' or the failure with the
 * server's reason.
 */
export function UserStatusToggle({ user, me }: { user: ManagedUser; me: PublicUser | null }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const action = user.disabled ? 'enable' : 'disable';
  const change = useMutation<ManagedUser, Error, void>({
    mutationFn: () => apiRequest<ManagedUser>('POST', `/api/users/${encodeURIComponent(user.id)}/${action}`),
    onSuccess: (saved) => {
      setConfirming(false);
      queryClient.setQueryData<ManagedUser[]>(USERS_KEY, (list) => list?.map((u) => (u.id === saved.id ? saved : u)));
      toast.show(
        saved.disabled
          ? { title: 'User Disabled', description: `${saved.username} is signed out everywhere and cannot sign in until enabled again.` }
          : { title: 'User Enabled', description: `${saved.username} can sign in again.` },
      );
    },
    onError: (error) => {
      setConfirming(false);
      toast.show({ title: `Failed to ${action} user`, description: failureText(error), variant: 'destructive' });
    },
  });
  if (user.username === ADMIN_USERNAME || user.id === me?.id) return null;
  const label = user.disabled ? USER_STATUS_TEXT.enable : USER_STATUS_TEXT.disable;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small"
        aria-label={`${label} ${user.username}`}
        disabled={change.isPending}
        onClick={() => (user.disabled ? change.mutate() : setConfirming(true))}
      >
        {change.isPending ? (user.disabled ? 'Enabling...' : 'Disabling...') : label}
      </button>
      <ConfirmDialog
        open={confirming}
        title={USER_STATUS_TEXT.disableTitle(user.username)}
        description={USER_STATUS_TEXT.disableBody(user.username)}
        confirmLabel={USER_STATUS_TEXT.disable}
        pendingLabel="Disabling..."
        pending={change.isPending}
        onConfirm={() => change.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
