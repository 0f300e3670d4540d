import { useState, type FormEvent } from 'react';
import { myAccountSchema, type PublicUser } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { useAuth } from '../../lib/auth';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useToast } from '../../lib/toast';
import { REPLIES_TEXT } from './texts';

/**
 * 'Your phone' on My Replies (issue 51): the signed-in person's own number, which fills
 * `{{technician.phone}}` in their replies (empty: the support number). Saved with
 * PATCH /api/auth/me (checked with the shared myAccountSchema first); online only, like the rest
 * of this screen (`disabled` says why).
 */
export function MyPhone({ disabled }: { disabled: boolean }) {
  const { user, userChanged } = useAuth();
  const toast = useToast();
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = myAccountSchema.safeParse({ phone });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setPending(true);
    try {
      const { user: fresh } = await apiRequest<{ user: PublicUser }>('PATCH', '/api/auth/me', parsed.data);
      userChanged(fresh);
      toast.show({ title: REPLIES_TEXT.phoneSaved });
    } catch (err) {
      setError((isApiError(err) && err.fieldErrors?.phone?.[0]) || failureText(err, REPLIES_TEXT.phoneFailed));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="card form my-phone" noValidate onSubmit={(e) => void save(e)} aria-label={REPLIES_TEXT.phoneTitle}>
      <FormField id="my-phone" label={REPLIES_TEXT.phoneTitle} optional error={error} hint={REPLIES_TEXT.phoneHint}>
        <input id="my-phone" type="tel" inputMode="tel" className="input" value={phone} onChange={(e) => setPhone(e.target.value)} {...fieldAria('my-phone', error)} />
      </FormField>
      <button type="submit" className="btn btn-primary btn-small" disabled={disabled || pending}>
        {pending ? 'Saving...' : 'Save phone'}
      </button>
    </form>
  );
}
