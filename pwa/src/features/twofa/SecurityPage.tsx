import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TwoFactorStatus } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { Loading } from '../../lib/ui/Loading';
import { useSetStatus, useTwoFactorStatus, type Enrolled } from './api';
import { PasskeysSection } from './PasskeysSection';
import { NewRecoveryCodes, RecoveryCodesSection } from './RecoveryCodes';
import { TotpSection } from './TotpSection';
import { SECURITY_TEXT as T } from './texts';
import './twofa.css';

/**
 * /account/security (every role; README "Two-factor authentication"): "Two-Factor Authentication"
 * with the authenticator app, passkeys and recovery codes. A session that must enrol (policy) is
 * sent here and can reach nothing else but Logout until a method is set up; the recovery codes of
 * the first method are shown once, then "Continue" opens the app. Needs the network.
 */
export default function SecurityPage() {
  const query = useTwoFactorStatus();
  const setStatus = useSetStatus();
  const { twoFactorEnrolmentRequired, enrolled } = useAuth();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<{ list: string[]; first: boolean } | null>(null);

  const onEnrolled = (e: Enrolled) => {
    setStatus(e.status);
    if (e.recoveryCodes) setCodes({ list: e.recoveryCodes, first: twoFactorEnrolmentRequired });
    else if (twoFactorEnrolmentRequired) finishEnrolment();
  };
  const onChanged = (s: TwoFactorStatus) => setStatus(s);
  const finishEnrolment = () => {
    enrolled();
    navigate('/');
  };

  return (
    <div className="page security-page">
      <h1>{T.heading}</h1>
      <p className="muted">{T.lead}</p>
      {twoFactorEnrolmentRequired && !codes && (
        <p className="security-must-enrol" role="alert">
          {T.mustEnrol}
        </p>
      )}
      {query.isPending && <Loading />}
      {query.isError && <p className="form-error">Could not load your security settings. Check the connection and try again.</p>}
      {codes ? (
        <NewRecoveryCodes
          codes={codes.list}
          doneLabel={codes.first ? T.continue : T.saved}
          onDone={() => {
            const first = codes.first;
            setCodes(null);
            if (first) finishEnrolment();
          }}
        />
      ) : (
        query.data && (
          <div className="security-grid">
            <TotpSection status={query.data} onEnrolled={onEnrolled} onChanged={onChanged} />
            <PasskeysSection status={query.data} onEnrolled={onEnrolled} onChanged={onChanged} />
            {(query.data.totp || query.data.passkeys.length > 0) && <RecoveryCodesSection status={query.data} onCodes={(list) => setCodes({ list, first: false })} />}
          </div>
        )
      )}
    </div>
  );
}
