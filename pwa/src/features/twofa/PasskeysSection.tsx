import { useState, type FormEvent } from 'react';
import type { TwoFactorStatus } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../lib/connection';
import { StepUpCancelled } from '../../lib/twoFactor/errors';
import { passkeyRegistration, passkeysSupported } from '../../lib/twoFactor/passkey';
import { useStepUp } from '../../lib/twoFactor/stepUp';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { addPasskey, passkeyCreationOptions, removePasskey, renamePasskey, type Enrolled } from './api';
import { SECURITY_TEXT as T } from './texts';

/**
 * Passkeys and security keys as a second factor: the list (name, added, last used) with Rename and
 * Remove (Remove asks "Confirm it's you" when needed), and "Add a passkey" with a name. The WebAuthn
 * library loads only when a passkey is added (lib/twoFactor/passkey.ts).
 */
export function PasskeysSection(props: { status: TwoFactorStatus; onEnrolled(e: Enrolled): void; onChanged(s: TwoFactorStatus): void }) {
  const { status, onEnrolled, onChanged } = props;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const { withStepUp } = useStepUp();
  const supported = passkeysSupported();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setBusy(true);
    setError(undefined);
    try {
      // Adding a factor needs an existing one (or the recent password) first: "Confirm it's you".
      const registration = await passkeyRegistration(await withStepUp(passkeyCreationOptions));
      onEnrolled(await withStepUp(() => addPasskey(name.trim(), registration)));
      setName('');
      toast.show({ title: 'Passkey added', description: `${name.trim()} can now confirm your sign-in.` });
    } catch (err) {
      if (err instanceof StepUpCancelled) return;
      setError(failureText(err, 'The passkey could not be added. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const rename = async (id: string, current: string) => {
    const next = window.prompt('New name for this passkey', current)?.trim();
    if (!next || next === current) return;
    try {
      onChanged(await renamePasskey(id, next));
    } catch {
      toast.show({ title: 'Error', description: T.failed, variant: 'destructive' });
    }
  };

  const remove = async (id: string) => {
    try {
      onChanged(await withStepUp(() => removePasskey(id)));
      toast.show({ title: 'Passkey removed', description: 'It can no longer confirm your sign-in.' });
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) toast.show({ title: 'Error', description: failureText(err, T.failed), variant: 'destructive' });
    }
  };

  return (
    <section className="card security-card" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{T.passkeysHeading}</h2>
      {status.passkeys.length === 0 ? (
        <p className="muted">{T.noPasskeys}</p>
      ) : (
        <ul className="passkey-list">
          {status.passkeys.map((p) => (
            <li key={p.id} className="passkey-item">
              <div>
                <strong>{p.name}</strong>
                <p className="muted">
                  Added {formatDateTime(p.createdAt)}
                  {p.lastUsedAt ? ` · last used ${formatDateTime(p.lastUsedAt)}` : ''}
                </p>
              </div>
              <div className="passkey-actions">
                <button type="button" className="btn btn-outline btn-small" aria-label={`Rename ${p.name}`} onClick={() => void rename(p.id, p.name)}>
                  Rename
                </button>
                <button type="button" className="btn btn-outline btn-small" aria-label={`Remove ${p.name}`} onClick={() => void remove(p.id)}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className="form" noValidate onSubmit={(e) => void add(e)}>
          <FormField id="passkey-name" label={T.passkeyName} error={error} hint="For example: Work laptop, YubiKey.">
            <input id="passkey-name" className="input" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} {...fieldAria('passkey-name', error)} />
          </FormField>
          <button type="submit" className="btn btn-outline" disabled={busy}>
            {T.addPasskey}
          </button>
        </form>
      ) : (
        <p className="muted">This browser cannot use passkeys.</p>
      )}
    </section>
  );
}
