import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IonSpinner } from '@ionic/react';
import { changePasswordFormSchema, type ChangePasswordForm } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useChangePassword } from './api/useChangePassword';

/** SPEC.md 8's failure toast. */
export const CHANGE_PASSWORD_FAILED = 'Failed to change password. Please try again.';

const resolver = zodResolver(changePasswordFormSchema) as Resolver<ChangePasswordForm>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * /change-password (SPEC.md 2, 5, 8; any logged-in role): Current Password, New Password and
 * Confirm New Password, validated with the shared changePasswordFormSchema ('Current password is
 * required', 'New password must be at least 6 characters', 'Please confirm your new password',
 * "Passwords don't match" under the fields, nothing sent). Success: toast 'Password Changed' and
 * the form clears; the server signs out every other session of this user. Failure: toast 'Failed to
 * change password. Please try again.' (title 'Error') when the reason is unknown; a reason the
 * server gives for a field (a wrong current password) is said under that field and, instead of the
 * generic sentence, in the toast ('Current password is incorrect. Nothing was changed.';
 * docs/decisions.md "Specific failure toasts").
 */
export default function ChangePasswordPage() {
  const change = useChangePassword();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver, defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  const onSubmit = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast.show({ title: 'Password Changed', description: 'Your other devices are signed out and must sign in with the new password.' });
        },
        onError: (error) => {
          const fieldErrors = isApiError(error, 400) ? error.fieldErrors : undefined;
          let reason: string | undefined;
          for (const f of FIELDS) {
            const message = fieldErrors?.[f]?.[0];
            if (message) setError(f, { type: 'server', message });
            reason ??= message;
          }
          const description = reason ? `${reason.replace(/\.$/, '')}. Nothing was changed.` : CHANGE_PASSWORD_FAILED;
          toast.show({ title: 'Error', description, variant: 'destructive' });
        },
      },
    );

  const pending = change.isPending;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  return (
    <div className="page page-auth">
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="change-password-title">
        <h1 id="change-password-title">Change Password</h1>
        <p className="muted">Your other devices will be signed out.</p>
        <FormField id="currentPassword" label="Current Password" error={err('currentPassword')}>
          <input
            id="currentPassword"
            type="password"
            className="input"
            autoComplete="current-password"
            {...fieldAria('currentPassword', err('currentPassword'))}
            {...register('currentPassword')}
          />
        </FormField>
        <FormField id="newPassword" label="New Password" error={err('newPassword')} hint="At least 6 characters.">
          <input
            id="newPassword"
            type="password"
            className="input"
            autoComplete="new-password"
            {...fieldAria('newPassword', err('newPassword'))}
            {...register('newPassword')}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm New Password" error={err('confirmPassword')}>
          <input
            id="confirmPassword"
            type="password"
            className="input"
            autoComplete="new-password"
            {...fieldAria('confirmPassword', err('confirmPassword'))}
            {...register('confirmPassword')}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending && <IonSpinner name="crescent" className="btn-spinner" aria-hidden="true" />}
          {pending ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </div>
  );
}
