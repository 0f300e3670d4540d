import { useEffect, useId, useState, type FormEvent } from 'react';
import { VAULT_DEVICE_PENDING_TEXT, vaultPassphraseProblem } from '@portal/shared';
import { failureText } from '../../lib/connection';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { StepUpCancelled } from '../../lib/twoFactor/errors';
import { useStepUp } from '../../lib/twoFactor/stepUp';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { getOfflineDb } from '../../offline';
import { clearWipeNotice } from './offline';
import { useOfflineVaultSession } from './session/OfflineVaultProvider';
import { OfflinePassphraseError } from './session/OfflineVaultSession';
import { fingerprintSupported } from './session/passkey';
import { OFFLINE_VAULT_TEXT as T } from './texts';
import type { OfflineVaultState } from './useOfflineVault';

/** A name for this device in the admins' list, guessed from the browser (the technician may change it). */
function guessDeviceName(): string {
  const ua = navigator.userAgent;
  const kind = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? (/Mobile/.test(ua) ? 'Android phone' : 'Android tablet') : /Mac/.test(ua) ? 'Mac' : /Windows/.test(ua) ? 'Windows PC' : 'This device';
  return `${kind} (${new Date().toLocaleDateString()})`;
}

/**
 * The offline passphrase prompt: unlocks the offline vault, counts wrong passphrases
 * (the last allowed one wipes the copy) and offers the fingerprint when it was set up.
 */
export function UnlockForm({ vault }: { vault: OfflineVaultState }) {
  const { user } = useAuth();
  const session = useOfflineVaultSession();
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!passphrase) return;
    setBusy(true);
    try {
      const result = await session.unlockWithPassphrase(passphrase);
      if (!result.ok) setError('attemptsLeft' in result ? T.wrong(result.attemptsLeft) : undefined);
      else setError(undefined);
    } catch {
      // Not a wrong passphrase (those resolve): this device's storage refused the read or the count.
      setError(T.unlockFailed);
    } finally {
      setPassphrase('');
      setBusy(false);
    }
  };
  return (
    <form className="offline-unlock" aria-label={T.locked} onSubmit={(e) => void submit(e)}>
      <h2 className="offline-vault-title">{T.locked}</h2>
      <p className="muted">{T.lockedHint}</p>
      <FormField id={id} label={T.passphrase} error={error}>
        <input id={id} className="input" type="password" autoComplete="current-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} {...fieldAria(id, error)} />
      </FormField>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !passphrase}>
          {busy ? T.unlocking : T.unlock}
        </button>
        {vault.device?.prf && user && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void session.unlockWithFingerprint(user).then((ok) => setError(ok ? undefined : T.fingerprintFailed))}
          >
            {T.unlockFingerprint}
          </button>
        )}
      </div>
    </form>
  );
}

/** The form that turns the offline vault on (online, staff). */
function EnableForm({ onDone }: { onDone: () => void }) {
  const { user } = useAuth();
  const session = useOfflineVaultSession();
  const toast = useToast();
  const { withStepUp } = useStepUp();
  const ids = { name: useId(), pass: useId(), repeat: useId(), fp: useId() };
  const [deviceName, setDeviceName] = useState(guessDeviceName);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fingerprint, setFingerprint] = useState(false);
  const [canFingerprint, setCanFingerprint] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; pass?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void fingerprintSupported().then(setCanFingerprint);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      name: deviceName.trim() ? undefined : 'Device name is required.',
      pass: vaultPassphraseProblem(passphrase) ?? undefined,
      repeat: passphrase === repeat ? undefined : T.mismatch,
    };
    setErrors(next);
    if (!user || next.name || next.pass || next.repeat) return;
    setBusy(true);
    try {
      // A device grant is an export of the vault: "Confirm it's you" when the last second factor is older than 15 minutes.
      await withStepUp(() => session.enable({ deviceName: deviceName.trim(), passphrase, fingerprint, user }));
      toast.show({ title: 'Offline Vault On', description: 'Passwords are kept on this device, encrypted. It is unlocked now.' });
      onDone();
    } catch (err) {
      if (err instanceof StepUpCancelled) return;
      // Only the passphrase rule, the server or lib/connection's no-connection text speak to the
      // user; an exception's own message ('Failed to fetch', a passkey error) never does.
      const failed = 'The offline vault could not be turned on. Please try again.';
      const message = err instanceof OfflinePassphraseError ? err.problem : failureText(err, failed);
      toast.show({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setPassphrase('');
      setRepeat('');
      setBusy(false);
    }
  };

  return (
    <form className="offline-enable" aria-label={T.enable} noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={ids.name} label={T.deviceName} error={errors.name}>
        <input id={ids.name} className="input" maxLength={80} value={deviceName} onChange={(e) => setDeviceName(e.target.value)} {...fieldAria(ids.name, errors.name)} />
      </FormField>
      <FormField id={ids.pass} label={T.passphrase} error={errors.pass} hint={T.passphraseHint}>
        <input id={ids.pass} className="input" type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} {...fieldAria(ids.pass, errors.pass)} />
      </FormField>
      <FormField id={ids.repeat} label={T.repeat} error={errors.repeat}>
        <input id={ids.repeat} className="input" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} {...fieldAria(ids.repeat, errors.repeat)} />
      </FormField>
      {canFingerprint && (
        <label className="offline-check" htmlFor={ids.fp}>
          <input id={ids.fp} type="checkbox" checked={fingerprint} onChange={(e) => setFingerprint(e.target.checked)} /> {T.fingerprint}
        </label>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? T.turningOn : T.turnOn}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * /vault's offline access card (staff): turn the offline vault on (online), its state
 * (on / locked / unlocked, entries on the device, last sync), the passphrase prompt when offline
 * and locked, Lock, Turn off (online), and why the copy was wiped when it was.
 */
export function OfflineVaultPanel({ vault, online }: { vault: OfflineVaultState; online: boolean }) {
  const toast = useToast();
  const [enabling, setEnabling] = useState(false);
  const session = useOfflineVaultSession();
  const { device, unlocked, count, wiped } = vault;
  if (device === undefined) return null;

  const notice = wiped && wiped.reason !== 'turned_off' && (
    <div className="vault-offline-note offline-wiped" role="alert">
      <p>{T.wiped[wiped.reason]}</p>
      <button type="button" className="btn btn-outline btn-small" onClick={() => void clearWipeNotice(getOfflineDb())}>
        {T.dismiss}
      </button>
    </div>
  );

  if (device === null) {
    if (!online) return notice || null;
    return (
      <section className="card offline-vault" aria-label={T.heading}>
        {notice}
        <h2 className="offline-vault-title">{T.heading}</h2>
        <p className="muted">{T.intro}</p>
        {enabling ? (
          <EnableForm onDone={() => setEnabling(false)} />
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setEnabling(true)}>
            {T.enable}
          </button>
        )}
      </section>
    );
  }

  const turnOff = async () => {
    try {
      await session.turnOff();
      toast.show({ title: 'Offline Vault Off', description: T.wiped.turned_off });
    } catch {
      toast.show({ title: 'Error', description: 'The offline vault could not be turned off. Please try again.', variant: 'destructive' });
    }
  };
  const summary = `${device.deviceName} · ${count} ${count === 1 ? 'customer' : 'customers'} on this device · synced ${formatDateTime(device.lastSyncAt)}`;

  return (
    <section className="card offline-vault" aria-label={T.heading}>
      {!unlocked && !online ? (
        <UnlockForm vault={vault} />
      ) : (
        <h2 className="offline-vault-title">{unlocked ? T.unlocked : T.on}</h2>
      )}
      {device.pending && (
        <p className="vault-offline-note offline-pending" role="status">
          {VAULT_DEVICE_PENDING_TEXT}: {T.pendingHint}
        </p>
      )}
      <p className="muted offline-vault-summary">{summary}</p>
      <div className="form-actions">
        {unlocked && (
          <button type="button" className="btn btn-outline" onClick={session.lock}>
            {T.lock}
          </button>
        )}
        {online && (
          <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => void turnOff()}>
            {T.turnOff}
          </button>
        )}
      </div>
    </section>
  );
}
