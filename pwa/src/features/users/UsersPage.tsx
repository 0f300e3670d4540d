import { useState } from 'react';
import { IonBadge } from '@ionic/react';
import { ADMIN_USERNAME, type PublicUser, type UserCreate, type UserUpdate } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { useCreateUser } from './api/useCreateUser';
import { useDeleteUser } from './api/useDeleteUser';
import { useUpdateUser } from './api/useUpdateUser';
import { useUsers } from './api/useUsers';
import { ROLE_LABELS, USERS_TEXT } from './texts';
import { UserForm } from './UserForm';
import { failureText } from './failureText';
import { UnlockSignIn } from './UnlockSignIn';
import './users.css';

type Editing = { mode: 'create' } | { mode: 'edit'; user: PublicUser } | null;

/** Why a row has no Delete button, or null when it may be deleted. */
function notDeletable(u: PublicUser, me: PublicUser | null): string | null {
  if (u.username === ADMIN_USERNAME) return USERS_TEXT.adminNotDeletable;
  if (me && u.id === me.id) return USERS_TEXT.selfNotDeletable;
  return null;
}

/**
 * /admin 'User Management' (SPEC.md 2, 5, 6, 8; admin only, guarded in app/AppRoutes): the users
 * (a card list on phones, a table from 992 px), 'Add User' (role defaults to technician), Edit
 * (all fields optional, a blank password keeps the current one) and Delete after a confirmation.
 * The user named admin has no Delete (SPEC.md 2), nor does the signed-in admin's own row (deleting
 * yourself would end your session mid-task). Forms open in a Sheet. Toasts: 'User Created',
 * 'User Updated', 'User Deleted' and 'Failed to create user' / 'Failed to update user' /
 * 'Failed to delete user' with the server's reason (e.g. the last admin cannot be demoted).
 * 'Unlock sign-in' lifts a user's lockout after too many wrong passwords (UnlockSignIn.tsx).
 */
export default function UsersPage() {
  const users = useUsers();
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const toast = useToast();
  const { user: me } = useAuth();
  const isDesktop = useIsDesktop();
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
      {users.isPending ? (
        <Loading text={USERS_TEXT.loading} />
      ) : users.isError ? (
        <div className="card" role="alert">
          <p className="form-error">
            {USERS_TEXT.loadFailed} {failureText(users.error)}
          </p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void users.refetch()}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="muted empty">{USERS_TEXT.empty}</p>
      ) : isDesktop ? (
        <UserTable users={list} {...rowProps} />
      ) : (
        <UserCards users={list} {...rowProps} />
      )}

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

interface RowProps {
  users: PublicUser[];
  me: PublicUser | null;
  onEdit(u: PublicUser): void;
  onDelete(u: PublicUser): void;
}

function RoleBadge({ role }: { role: PublicUser['role'] }) {
  return <IonBadge color={role === 'admin' ? 'primary' : role === 'technician' ? 'success' : 'medium'}>{ROLE_LABELS[role]}</IonBadge>;
}

function RowActions({ u, me, onEdit, onDelete }: { u: PublicUser } & Omit<RowProps, 'users'>) {
  const reason = notDeletable(u, me);
  return (
    <div className="user-actions">
      <button type="button" className="btn btn-outline btn-small" aria-label={`Edit ${u.username}`} onClick={() => onEdit(u)}>
        Edit
      </button>
      <UnlockSignIn user={u} />
      {reason ? (
        <span className="muted user-protected" title={reason}>
          {reason === USERS_TEXT.adminNotDeletable ? 'Built-in admin' : 'Your account'}
        </span>
      ) : (
        <button type="button" className="btn btn-outline btn-small btn-danger-outline" aria-label={`Delete ${u.username}`} onClick={() => onDelete(u)}>
          Delete
        </button>
      )}
    </div>
  );
}

function UserTable({ users, ...rest }: RowProps) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <th scope="row" className="user-name">
                {u.username}
              </th>
              <td>{u.email ? <a href={`mailto:${u.email}`}>{u.email}</a> : <span className="muted">—</span>}</td>
              <td>
                <RoleBadge role={u.role} />
              </td>
              <td className="nowrap">{u.createdAt ? formatDate(u.createdAt) : ''}</td>
              <td className="actions-cell">
                <RowActions u={u} {...rest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users, ...rest }: RowProps) {
  return (
    <ul className="user-cards" aria-label="Users">
      {users.map((u) => (
        <li key={u.id} className="card user-card">
          <div className="user-card-head">
            <strong className="user-name">{u.username}</strong>
            <RoleBadge role={u.role} />
          </div>
          {u.email && (
            <a className="user-email" href={`mailto:${u.email}`}>
              {u.email}
            </a>
          )}
          {u.createdAt && <p className="muted user-created">Created {formatDate(u.createdAt)}</p>}
          <RowActions u={u} {...rest} />
        </li>
      ))}
    </ul>
  );
}
