import { useState, type FormEvent } from 'react';
import { MSG } from '@portal/shared';
import { isApiError } from '../api';
import { NO_CONNECTION_TEXT, isNoConnection } from '../connection';
import { FormField, fieldAria } from '../ui/FormField';
import { Spinner } from '../ui/Spinner';

/**
 * The "Authentication code" field and its "Verify" button (README "Two-factor authentication"),
 * used by the sign-in's second step, the "Confirm it's you" dialog and the Security page's set-up.
 * A TOTP code or (when `recovery`) a recovery code. A refused code shows "That code is not valid.
 * Try again." under the field (and the field is cleared); a request that never reached the server
 * shows NO_CONNECTION_TEXT and keeps the code; other failures show the server's message or
 * `fallbackError`.
 */
export function CodeForm(props: {
  id: string;
  /** Sends the code; rejects with the API's error when refused. */
  onSubmit(code: string): Promise<void>;
  /** Recovery codes are accepted too (the hint says so). */
  recovery?: boolean;
  fallbackError?: string;
}) {
  const { id, onSubmit, recovery, fallbackError = 'Something went wrong. Please try again.' } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(MSG.twoFactorCodeRequired);
    setPending(true);
    setError(undefined);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      // Not reached: the code was never judged, so it stays for another try.
      if (isNoConnection(err)) return setError(NO_CONNECTION_TEXT);
      const body = isApiError(err) ? err.errorBody : undefined;
      setError(body?.code === 'invalid_code' ? MSG.twoFactorCodeInvalid : (body?.message ?? fallbackError));
      setCode('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form two-factor-code" noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={id} label="Authentication code" error={error} hint={recovery ? 'The 6-digit code from your authenticator app, or a recovery code.' : 'The 6-digit code from your authenticator app.'}>
        <input
          id={id}
          className="input"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          {...fieldAria(id, error)}
        />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending && <Spinner className="btn-spinner" />}
        Verify
      </button>
    </form>
  );
}
