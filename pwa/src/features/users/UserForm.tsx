import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ADMIN_USERNAME,
  CREATE_FORM_DEFAULT_ROLE,
  ROLES,
  userCreateSchema,
  userUpdateSchema,
  type PublicUser,
  type Role,
  type UserCreate,
  type UserUpdate,
} from '@portal/shared';
import { isApiError } from '../../lib/api';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { ROLE_LABELS, USERS_TEXT } from './texts';
import { FormActions } from '../../lib/ui/FormActions';

/** The form's raw values (native inputs: strings). */
export interface UserFormValues {
  username: string;
  password: string;
  email: string;
  phone: string;
  role: Role;
}

const createResolver = zodResolver(userCreateSchema) as unknown as Resolver<UserFormValues, unknown, UserCreate>;
/** Edit: every field optional (SPEC.md 5); a blank username or password keeps the current one. */
const editSchema = z.preprocess((v) => {
  const values = v as UserFormValues;
  return { ...values, username: values.username.trim() === '' ? undefined : values.username };
}, userUpdateSchema) as unknown as z.ZodType<UserUpdate, UserFormValues>;
const editResolver = zodResolver(editSchema) as unknown as Resolver<UserFormValues, unknown, UserUpdate>;

/** Only what the admin changed, so an edit never rewrites fields it did not touch. */
export function userChanges(user: PublicUser, values: UserUpdate): Partial<UserUpdate> {
  const changes: Partial<UserUpdate> = {};
  if (values.username !== undefined && values.username !== user.username) changes.username = values.username;
  if (values.password) changes.password = values.password;
  if ((values.email ?? null) !== (user.email ?? null)) changes.email = values.email ?? null;
  if ((values.phone ?? null) !== (user.phone ?? null)) changes.phone = values.phone ?? null;
  if (values.role !== undefined && values.role !== user.role) changes.role = values.role;
  return changes;
}

type Field = keyof UserFormValues;
const FIELDS: readonly Field[] = ['username', 'password', 'email', 'phone', 'role'];

/**
 * Create or edit a user (SPEC.md 2 "User Management", 5): Username, Password, Email (optional),
 * Phone (optional: staff's own number for the `{{technician.phone}}` reply variable) and Role. Create: username and password required, role defaults to technician (SPEC.md 9). Edit:
 * every field optional, the fields start with the current values, a blank password keeps the
 * current one (hint under the field), the `admin` user's name is read-only. Validated with the
 * shared userCreateSchema / userUpdateSchema, messages under the fields; `onSubmit` receives the
 * request body (edit: only changed fields) and may reject with an ApiError whose `fieldErrors` are
 * then shown under the fields.
 */
export function UserForm(props: {
  user?: PublicUser;
  pending: boolean;
  onSubmit(body: UserCreate | Partial<UserUpdate>): Promise<unknown>;
  onCancel(): void;
}) {
  const { user, pending, onSubmit, onCancel } = props;
  const editing = Boolean(user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserFormValues, unknown, UserCreate | UserUpdate>({
    resolver: (editing ? editResolver : createResolver) as Resolver<UserFormValues, unknown, UserCreate | UserUpdate>,
    defaultValues: user
      ? { username: user.username, password: '', email: user.email ?? '', phone: user.phone ?? '', role: user.role }
      : { username: '', password: '', email: '', phone: '', role: CREATE_FORM_DEFAULT_ROLE },
  });

  const submit = async (values: UserCreate | UserUpdate) => {
    try {
      await onSubmit(user ? userChanges(user, values as UserUpdate) : (values as UserCreate));
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
      for (const f of FIELDS) {
        const message = fieldErrors?.[f]?.[0];
        if (message) setError(f, { type: 'server', message });
      }
    }
  };

  const id = (f: Field) => `user-${f}`;
  const err = (f: Field) => errors[f]?.message;
  const isBuiltInAdmin = user?.username === ADMIN_USERNAME;
  const headingId = editing ? 'edit-user-heading' : 'create-user-heading';

  return (
    <form className="form user-form" noValidate onSubmit={handleSubmit(submit)} aria-labelledby={headingId}>
      <h2 id={headingId}>{user ? `Edit User ${user.username}` : 'Add User'}</h2>
      {editing && <p className="muted">All fields are optional; only what you change is saved.</p>}
      <FormField id={id('username')} label="Username" error={err('username')} hint={isBuiltInAdmin ? USERS_TEXT.adminNotRenamable : undefined}>
        <input
          id={id('username')}
          className="input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={isBuiltInAdmin}
          {...fieldAria(id('username'), err('username'))}
          {...register('username')}
        />
      </FormField>
      <FormField
        id={id('password')}
        label={editing ? 'New Password' : 'Password'}
        optional={editing}
        error={err('password')}
        hint={editing ? USERS_TEXT.keepPassword : undefined}
      >
        <input
          id={id('password')}
          type="password"
          className="input"
          autoComplete="new-password"
          {...fieldAria(id('password'), err('password'))}
          {...register('password')}
        />
      </FormField>
      <FormField id={id('email')} label="Email" optional error={err('email')}>
        <input
          id={id('email')}
          type="email"
          inputMode="email"
          className="input"
          autoComplete="off"
          placeholder="name@example.com"
          {...fieldAria(id('email'), err('email'))}
          {...register('email')}
        />
      </FormField>
      <FormField id={id('phone')} label="Phone" optional error={err('phone')} hint={USERS_TEXT.phoneHint}>
        <input id={id('phone')} type="tel" inputMode="tel" className="input" autoComplete="off" {...fieldAria(id('phone'), err('phone'))} {...register('phone')} />
      </FormField>
      <FormField id={id('role')} label="Role" error={err('role')}>
        <select id={id('role')} className="input" {...fieldAria(id('role'), err('role'))} {...register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </FormField>
      <FormActions label={editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create User'} pending={pending} onCancel={onCancel} />
    </form>
  );
}
