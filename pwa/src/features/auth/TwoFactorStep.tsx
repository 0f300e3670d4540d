import { useState } from 'react';
import { MSG, type LoginChallenge, type LoginResponse } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { NO_CONNECTION_TEXT, isNoConnection } from '../../lib/connection';
import { CodeForm } from '../../lib/twoFactor/CodeForm';
import { passkeyAssertion, passkeysSupported } from '../../lib/twoFactor/passkey';
import { Spinner } from '../../lib/ui/Spinner';
import { loginPasskeyOptions, loginSecondFactor } from './api/loginSecondFactor';

/**
 * The sign-in's second step (README "Two-factor authentication"): heading "Two-Factor
 * Authentication" (the Security page's casing, issue 56 item 12), the "Authentication code" field (a code from the authenticator app or a
 * recovery code) with "Verify", and "Use a passkey" when the user has one. A wrong code says "That
 * code is not valid. Try again."; an expired step sends the user back to the password (`onRestart`).
 */
export function TwoFactorStep(props: { challenge: LoginChallenge; onSignedIn(res: LoginResponse): void; onRestart(message: string): void }) {
  const { challenge, onSignedIn, onRestart } = props;
  const [passkeyError, setPasskeyError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const expired = (err: unknown) => isApiError(err, 401) && err.errorBody?.code === 'challenge_expired';

  const withCode = async (code: string) => {
    try {
      onSignedIn(await loginSecondFactor({ challengeId: challenge.challengeId, code }));
    } catch (err) {
      if (expired(err)) return onRestart(MSG.twoFactorChallengeExpired);
      throw err;
    }
  };

  const withPasskey = async () => {
    setPending(true);
    setPasskeyError(undefined);
    try {
      const assertion = await passkeyAssertion(await loginPasskeyOptions(challenge.challengeId));
      onSignedIn(await loginSecondFactor({ challengeId: challenge.challengeId, assertion }));
    } catch (err) {
      if (expired(err)) return onRestart(MSG.twoFactorChallengeExpired);
      setPasskeyError(isNoConnection(err) ? NO_CONNECTION_TEXT : MSG.twoFactorPasskeyFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="card form" aria-labelledby="two-factor-title" role="group">
      <h1 id="two-factor-title">Two-Factor Authentication</h1>
      <p className="muted">Enter the code from your authenticator app, or one of your recovery codes.</p>
      <CodeForm id="two-factor-code" recovery onSubmit={withCode} />
      {challenge.methods.includes('passkey') && passkeysSupported() && (
        <>
          <button type="button" className="btn btn-outline btn-block" disabled={pending} onClick={() => void withPasskey()}>
            {pending && <Spinner className="btn-spinner" />}
            Use a passkey
          </button>
          {passkeyError && <p className="form-error">{passkeyError}</p>}
        </>
      )}
      <button type="button" className="link-button" onClick={() => onRestart('')}>
        Back to sign in
      </button>
    </div>
  );
}
