import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { MSG, type TwoFactorStatus } from '@portal/shared';
import { failureText } from '../connection';
import { FormField, fieldAria } from '../ui/FormField';
import { Spinner } from '../ui/Spinner';
import '../ui/ui.css';
import './twoFactor.css';
import { fetchTwoFactorStatus, sendStepUp, stepUpPasskeyOptions } from './api';
import { CodeForm } from './CodeForm';
import { passkeyAssertion, passkeysSupported } from './passkey';

/** Elements made inert while the dialog is open (the page and the phone menu). */
const BACKGROUND_SELECTORS = ['#main', 'ion-menu'];

/**
 * "Confirm it's you" (README "Two-factor authentication", DESIGN.md 7): shown over whatever asked
 * for it (a reveal in the vault's View sheet, turning on the offline vault), which stays open
 * underneath. Asks for a code (authenticator app or recovery code) or a passkey; a user without any
 * second factor confirms with their password. `onDone(true)` after the server accepted it,
 * `onDone(false)` on Cancel / Escape.
 */
export default function StepUpDialog({ onDone }: { onDone(confirmed: boolean): void }) {
  const titleId = useId();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | undefined>();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    fetchTwoFactorStatus().then(setStatus, () => setLoadError(true));
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Whatever is open underneath (a sheet in <body>) is left alone: it must survive the dialog.
    const background = BACKGROUND_SELECTORS.flatMap((s) => Array.from(document.querySelectorAll<HTMLElement>(s)));
    background.forEach((el) => el.setAttribute('inert', ''));
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onDoneRef.current(false);
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      background.forEach((el) => el.removeAttribute('inert'));
      previous?.focus?.();
    };
  }, []);

  const hasFactor = status ? status.totp || status.passkeys.length > 0 : false;

  const withPasskey = async () => {
    setPasskeyPending(true);
    setPasskeyError(undefined);
    try {
      const assertion = await passkeyAssertion(await stepUpPasskeyOptions());
      await sendStepUp({ assertion });
      onDone(true);
    } catch {
      setPasskeyError(MSG.twoFactorPasskeyFailed);
    } finally {
      setPasskeyPending(false);
    }
  };

  return createPortal(
    <div className="dialog-backdrop step-up-backdrop">
      <div ref={ref} className="dialog step-up-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>Confirm it&apos;s you</h2>
        {!status && !loadError && <Spinner />}
        {loadError && <p className="form-error">Could not reach the server. Check the connection and try again.</p>}
        {status && hasFactor && (
          <>
            <p className="muted">This needs a recent second factor. Enter a code or use a passkey.</p>
            <CodeForm id="step-up-code" recovery onSubmit={async (code) => void (await sendStepUp({ code }), onDone(true))} />
            {status.passkeys.length > 0 && passkeysSupported() && (
              <>
                <button type="button" className="btn btn-outline btn-block" disabled={passkeyPending} onClick={() => void withPasskey()}>
                  {passkeyPending && <Spinner className="btn-spinner" />}
                  Use a passkey
                </button>
                {passkeyError && <p className="form-error">{passkeyError}</p>}
              </>
            )}
          </>
        )}
        {status && !hasFactor && <PasswordConfirm onConfirmed={() => onDone(true)} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => onDone(false)}>
            Cancel
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Users without a second factor confirm with their password (policy `none`). */
function PasswordConfirm({ onConfirmed }: { onConfirmed(): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(MSG.passwordRequired);
    setPending(true);
    try {
      await sendStepUp({ password });
      onConfirmed();
    } catch (err) {
      setError(failureText(err, 'Something went wrong. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="muted">Enter your password to continue.</p>
      <FormField id="step-up-password" label="Password" error={error}>
        <input id="step-up-password" type="password" className="input" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} {...fieldAria('step-up-password', error)} />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending && <Spinner className="btn-spinner" />}
        Confirm
      </button>
    </form>
  );
}
