import { IonBadge } from '@ionic/react';
import { ADMIN_USERNAME, USER_STATUS_TEXT, type ManagedUser, type PublicUser } from '@portal/shared';
import { formatDate, formatDateTime } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { ROLE_LABELS, USERS_TEXT } from './texts';
import { UnlockSignIn } from './UnlockSignIn';
import { UserStatusToggle } from './UserStatusToggle';

/** Why a row has no Delete button, or null when it may be deleted. */
function notDeletable(u: PublicUser, me: PublicUser | null): string | null {
  if (u.username === ADMIN_USERNAME) return USERS_TEXT.adminNotDeletable;
  if (me && u.id === me.id) return USERS_TEXT.selfNotDeletable;
  return null;
}

interface RowProps {
  me: PublicUser | null;
  onEdit(u: PublicUser): void;
  onDelete(u: PublicUser): void;
}

function RoleBadge({ role }: { role: PublicUser['role'] }) {
  return <IonBadge color={role === 'admin' ? 'primary' : role === 'technician' ? 'success' : 'medium'}>{ROLE_LABELS[role]}</IonBadge>;
}

/** The role, and 'Disabled' for an account an admin disabled. */
function Badges({ u }: { u: ManagedUser }) {
  return (
    <span className="user-badges">
      <RoleBadge role={u.role} />
      {u.disabled && <IonBadge color="danger">{USER_STATUS_TEXT.disabledBadge}</IonBadge>}
    </span>
  );
}

/** 'Last sign-in': date and time, or 'Never'. */
const lastSignIn = (u: ManagedUser) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : USER_STATUS_TEXT.never);

function RowActions({ u, me, onEdit, onDelete }: { u: ManagedUser } & RowProps) {
  const reason = notDeletable(u, me);
  return (
    <div className="user-actions">
      <button type="button" className="btn btn-outline btn-small" aria-label={`Edit ${u.username}`} onClick={() => onEdit(u)}>
        Edit
      </button>
      <UnlockSignIn user={u} />
      <UserStatusToggle user={u} me={me} />
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

const email = (u: PublicUser) => (u.email ? <a href={`mailto:${u.email}`}>{u.email}</a> : <span className="muted">—</span>);

/** Phones: the card of one user. */
function UserCard({ u, ...rest }: { u: ManagedUser } & RowProps) {
  return (
    <>
      <div className="user-card-head">
        <strong className="user-name">{u.username}</strong>
        <Badges u={u} />
      </div>
      {u.email && (
        <a className="user-email" href={`mailto:${u.email}`}>
          {u.email}
        </a>
      )}
      {u.createdAt && <p className="muted user-created">Created {formatDate(u.createdAt)}</p>}
      <p className="muted user-created">
        {USER_STATUS_TEXT.lastSignIn}: {lastSignIn(u)}
      </p>
      <RowActions u={u} {...rest} />
    </>
  );
}

/**
 * The users (DESIGN.md 5a list): cards on phones, a table from 992 px (username, e-mail as a
 * `mailto:` link, role with 'Disabled', created, 'Last sign-in', Edit / Unlock / Disable or Enable / Delete); `users` undefined while loading, `error` with
 * 'Try Again' when the load failed, SPEC.md's empty text for none.
 */
export function UserList(props: RowProps & { users: readonly ManagedUser[] | undefined; error: { message: string } | null; onRetry(): void }) {
  const { users, error, onRetry, ...rest } = props;
  const columns: ListColumn<ManagedUser>[] = [
    { id: 'username', header: 'Username', cell: (u) => u.username, rowHeader: true, className: 'user-name' },
    { id: 'email', header: 'Email', cell: email },
    { id: 'role', header: 'Role', cell: (u) => <Badges u={u} /> },
    { id: 'created', header: 'Created', cell: (u) => (u.createdAt ? formatDate(u.createdAt) : ''), className: 'nowrap' },
    { id: 'lastSignIn', header: USER_STATUS_TEXT.lastSignIn, cell: lastSignIn, className: 'nowrap' },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: (u) => <RowActions u={u} {...rest} />, className: 'actions-cell' },
  ];
  return (
    <ResponsiveList
      rows={users}
      rowKey={(u) => u.id}
      columns={columns}
      card={(u) => <UserCard u={u} {...rest} />}
      label="Users"
      empty={USERS_TEXT.empty}
      loadingText={USERS_TEXT.loading}
      error={error}
      errorText={USERS_TEXT.loadFailed}
      onRetry={onRetry}
      classes={{ list: 'user-cards', card: 'card user-card', empty: 'empty', error: 'card' }}
    />
  );
}
