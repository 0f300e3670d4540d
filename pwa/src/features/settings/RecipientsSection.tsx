import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IonSpinner } from '@ionic/react';
import { notificationEmailBodySchema } from '@portal/shared';
import type { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useAddNotificationEmail } from './api/useAddNotificationEmail';
import { useNotificationEmails } from './api/useNotificationEmails';
import { useRemoveNotificationEmail } from './api/useRemoveNotificationEmail';
import { SETTINGS_TEXT } from './texts';
import { NO_CONNECTION_TEXT } from '../../lib/connection';
import { ErrorState } from '../../lib/ui/States';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';

type Values = z.input<typeof notificationEmailBodySchema>;
type Parsed = z.output<typeof notificationEmailBodySchema>;
const resolver = zodResolver(notificationEmailBodySchema) as unknown as Resolver<Values, unknown, Parsed>;

/**
 * Notification e-mail recipients (SPEC.md 2 "Settings", 5, 7, 8): everyone e-mailed about each new
 * ticket. Add validates with the shared notificationEmailSchema ('Please enter an email address.' /
 * 'Please enter a valid email address.' under the field, nothing sent) and toasts 'Email Added' or
 * 'Failed to add email. Please try again.'; each row's Remove toasts 'Email Removed' or 'Failed to
 * remove email. Please try again.'.
 */
export function RecipientsSection() {
  const toast = useToast();
  const list = useNotificationEmails();
  const add = useAddNotificationEmail();
  const remove = useRemoveNotificationEmail();
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({ resolver, defaultValues: { email: '' } });

  const onAdd = ({ email }: Parsed) =>
    add.mutate(email, {
      onSuccess: () => {
        reset({ email: '' });
        toast.show({ title: 'Email Added', description: `${email} will be e-mailed about new tickets.` });
      },
      onError: (error) => {
        const message = isApiError(error, 400) ? error.fieldErrors?.email?.[0] : undefined;
        if (message) setError('email', { type: 'server', message });
        toast.show({ title: 'Error', description: SETTINGS_TEXT.addFailed, variant: 'destructive' });
      },
    });

  const onRemove = (email: string) =>
    remove.mutate(email, {
      onSuccess: () => toast.show({ title: 'Email Removed', description: `${email} will no longer be e-mailed.` }),
      onError: () => toast.show({ title: 'Error', description: SETTINGS_TEXT.removeFailed, variant: 'destructive' }),
    });

  const emails = list.data?.emails ?? [];
  const error = errors.email?.message;
  return (
    <section className="card settings-card" aria-labelledby="recipients-heading">
      <h2 id="recipients-heading">Notification Recipients</h2>
      <p className="muted settings-lead">These addresses get an e-mail with the details of every new ticket.</p>
      {list.isPending && !offline ? (
        <div className="settings-loading">
          <IonSpinner name="crescent" aria-hidden="true" /> <span>Loading recipients...</span>
        </div>
      ) : offline && !list.data ? (
        <NotLoaded />
      ) : list.isError && !list.data ? (
        <ErrorState text="The recipients could not be loaded." error={list.error ?? { message: NO_CONNECTION_TEXT }} />
      ) : emails.length === 0 ? (
        <p className="muted settings-empty">{SETTINGS_TEXT.noRecipients}</p>
      ) : (
        <ul className="recipient-list" aria-label="Notification recipients">
          {emails.map((email) => (
            <li key={email} className="recipient">
              <span className="recipient-email">{email}</span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={`Remove ${email}`}
                {...writeProps(writeBlock, remove.isPending && remove.variables === email)}
                onClick={() => onRemove(email)}
              >
                {remove.isPending && remove.variables === email ? 'Removing...' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form recipient-form" noValidate onSubmit={handleSubmit(onAdd)} aria-label="Add notification recipient">
        <FormField id="notificationEmail" label="Email Address" error={error}>
          <input
            id="notificationEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            className="input"
            placeholder="name@example.com"
            {...fieldAria('notificationEmail', error)}
            {...register('email')}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, add.isPending)}>
          {add.isPending ? 'Adding...' : 'Add Email'}
        </button>
      </form>
    </section>
  );
}
