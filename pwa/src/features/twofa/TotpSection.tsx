import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import type { TotpSetup, TwoFactorStatus } from '@portal/shared';
import { useStepUp } from '../../lib/twoFactor/stepUp';
import { StepUpCancelled } from '../../lib/twoFactor/errors';
import { failureText } from '../../lib/connection';
import { CodeForm } from '../../lib/twoFactor/CodeForm';
import { useToast } from '../../lib/toast';
import { confirmTotp, removeTotp, startTotp, type Enrolled } from './api';
import { SECURITY_TEXT as T } from './texts';

/**
 * The authenticator app (TOTP): "Set up authenticator app" shows the QR code (drawn here with the
 * `qrcode` package from the otpauth:// URL; nothing leaves the device) and the secret as text
 * ("Setup key"), then "Authentication code" + "Verify" confirms it. When set up: "Remove
 * authenticator app" (asks "Confirm it's you" when the last confirmation is older than 15 minutes).
 */
export function TotpSection(props: { status: TwoFactorStatus; onEnrolled(e: Enrolled): void; onChanged(s: TwoFactorStatus): void }) {
  const { status, onEnrolled, onChanged } = props;
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const { withStepUp } = useStepUp();

  const begin = async () => {
    setBusy(true);
    try {
      // Adding a factor needs an existing one (or the recent password) first: "Confirm it's you".
      setSetup(await withStepUp(startTotp));
    } catch (err) {
      if (err instanceof StepUpCancelled) return;
      toast.show({ title: 'Error', description: T.failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onChanged(await withStepUp(removeTotp));
      toast.show({ title: 'Authenticator app removed', description: 'Codes from it no longer work.' });
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) toast.show({ title: 'Error', description: failureText(err, T.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card security-card" aria-labelledby="totp-heading">
      <h2 id="totp-heading">{T.appHeading}</h2>
      {status.totp ? (
        <>
          <p>{T.appOn}</p>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void remove()}>
            {T.removeApp}
          </button>
        </>
      ) : setup ? (
        <div className="totp-setup">
          <p className="muted">{T.appScan}</p>
          <TotpQr url={setup.otpauthUrl} />
          <div className="form-field setup-key">
            <label className="form-label" htmlFor="setup-key">
              {T.setupKey}
            </label>
            <input id="setup-key" className="input mono" readOnly value={setup.secret} onFocus={(e) => e.currentTarget.select()} />
          </div>
          <CodeForm
            id="totp-code"
            onSubmit={async (code) => {
              const enrolled = await withStepUp(() => confirmTotp(code));
              setSetup(null);
              onEnrolled(enrolled);
            }}
          />
        </div>
      ) : (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void begin()}>
          {T.setUpApp}
        </button>
      )}
    </section>
  );
}

/** The enrolment QR code (dark on white in both themes: cameras need the contrast). */
function TotpQr({ url }: { url: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, url, { errorCorrectionLevel: 'M', margin: 2, width: 208, color: { dark: '#000000', light: '#ffffff' } }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [url]);
  return (
    <figure className="totp-qr">
      <canvas ref={canvas} role="img" aria-label="QR code for your authenticator app" />
      {failed && <figcaption className="muted">The QR code could not be drawn: type the setup key instead.</figcaption>}
    </figure>
  );
}
