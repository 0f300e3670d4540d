import { useState } from 'react';
import { type PublicUser, type UserCreate, type UserUpdate } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Sheet } from '../../lib/ui/Sheet';
import { useCreateUser } from './api/useCreateUser';
import { useDeleteUser } from './api/useDeleteUser';
import { ResetTwoFactor } from './ResetTwoFactor';
import { useUpdateUser } from './api/useUpdateUser';
import { useUsers } from './api/useUsers';
import { ROLE_LABELS, USERS_TEXT } from './texts';
import { UserForm } from './UserForm';
import { failureText } from '../../lib/connection';
import { UserList } from './UserList';
import './users.css';


type Editing = { mode: 'create' } | { mode: 'edit'; user: PublicUser } | null;

/**
 * /admin 'User Management' (SPEC.md 2, 5, 6, 8; admin only, guarded in app/AppRoutes): the users
 * (a card list on phones, a table from 992 px), 'Add User' (role defaults to technician), Edit
 * (all fields optional, a blank password keeps the current one) and Delete after a confirmation.
 * The user named admin has no Delete (SPEC.md 2), nor does the signed-in admin's own row (deleting
 * yourself would end your session mid-task). Forms open in a Sheet. Toasts: 'User Created',
 * 'User Updated', 'User Deleted' and 'Failed to create user' / 'Failed to update user' /
 * 'Failed to delete user' with the server's reason (e.g. the last admin cannot be demoted).
 * 'Unlock sign-in' on each row lifts a lockout after too many wrong passwords (UnlockSignIn.tsx).
 */
export default function UsersPage() {
  const users = useUsers();
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const toast = useToast();
  const { user: me } = useAuth();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const close = () => setEditing(null);

  const onCreate = async (body: UserCreate) => {
    try {
      const created = await create.mutateAsync(body);
      close();
      toast.show({ title: USERS_TEXT.created, description: `${created.username} can now sign in as ${ROLE_LABELS[created.role].toLowerCase()}.` });
    } catch (error) {
      toast.show({ title: USERS_TEXT.createFailed, description: failureText(error), variant: 'destructive' });
      throw error;
    }
  };
  const onUpdate = async (user: PublicUser, changes: Partial<UserUpdate>) => {
    try {
      const saved = await update.mutateAsync({ id: user.id, changes });
      close();
      toast.show({
        title: USERS_TEXT.updated,
        description: changes.password
          ? `${saved.username} has a new password and must sign in again with it.`
          : `The changes to ${saved.username} are saved.`,
      });
    } catch (error) {
      toast.show({ title: USERS_TEXT.updateFailed, description: failureText(error), variant: 'destructive' });
      throw error;
    }
  };
  const onDelete = (user: PublicUser) =>
    remove.mutate(user, {
      onSuccess: () => {
        setDeleting(null);
        toast.show({ title: USERS_TEXT.deleted, description: `${user.username} was deleted. Their tickets are now unassigned.` });
      },
      onError: (error) => {
        setDeleting(null);
        toast.show({ title: USERS_TEXT.deleteFailed, description: failureText(error), variant: 'destructive' });
      },
    });

  const list = users.data ?? [];
  const rowProps = { me, onEdit: (u: PublicUser) => setEditing({ mode: 'edit', user: u }), onDelete: setDeleting };
  return (
    <div className="page users-page">
      <div className="page-head">
        <h1>{USERS_TEXT.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'create' })}>
          Add User
        </button>
      </div>
      <UserList
        users={users.isPending ? undefined : list}
        error={users.isError ? { message: failureText(users.error) } : null}
        onRetry={() => void users.refetch()}
        {...rowProps}
      />

      <Sheet open={editing !== null} onClose={close} labelledBy={editing?.mode === 'edit' ? 'edit-user-heading' : 'create-user-heading'}>
        {editing?.mode === 'create' && (
          <UserForm pending={create.isPending} onSubmit={(body) => onCreate(body as UserCreate)} onCancel={close} />
        )}
        {editing?.mode === 'edit' && (
          <UserForm
            key={editing.user.id}
            user={editing.user}
            pending={update.isPending}
            onSubmit={(changes) => onUpdate(editing.user, changes as Partial<UserUpdate>)}
            onCancel={close}
          />
        )}
        {editing?.mode === 'edit' && <ResetTwoFactor user={editing.user} me={me?.id} />}
      </Sheet>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete User"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && onDelete(deleting)}
        onCancel={() => setDeleting(null)}
        description={`Are you sure you want to delete ${deleting?.username ?? ''}? They can no longer sign in and their tickets become unassigned; their work history is kept. This action cannot be undone.`}
      />
    </div>
  );
}
