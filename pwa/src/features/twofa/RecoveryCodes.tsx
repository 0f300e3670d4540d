import { useState } from 'react';
import { RECOVERY_CODES_LOW, type TwoFactorStatus } from '@portal/shared';
import { failureText } from '../../lib/connection';
import { StepUpCancelled } from '../../lib/twoFactor/errors';
import { useStepUp } from '../../lib/twoFactor/stepUp';
import { useToast } from '../../lib/toast';
import { regenerateRecoveryCodes } from './api';
import { SECURITY_TEXT as T, recoveryLeft } from './texts';

/**
 * "Recovery codes": how many are left ("{n} left", a warning at 3 or fewer) and "Make new recovery
 * codes" (asks "Confirm it's you" when needed; the old ones stop working). New codes are shown once
 * through `onCodes`.
 */
export function RecoveryCodesSection(props: { status: TwoFactorStatus; onCodes(codes: string[]): void }) {
  const { status, onCodes } = props;
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const { withStepUp } = useStepUp();
  const left = status.recoveryCodesLeft;
  const low = left <= RECOVERY_CODES_LOW;

  const regenerate = async () => {
    setBusy(true);
    try {
      onCodes((await withStepUp(regenerateRecoveryCodes)).recoveryCodes);
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) toast.show({ title: 'Error', description: failureText(err, T.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card security-card" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">{T.recoveryHeading}</h2>
      <p className="muted">{T.recoveryLead}</p>
      <p className={low ? 'recovery-left recovery-low' : 'recovery-left'} role={low ? 'alert' : undefined}>
        {recoveryLeft(left)}
        {low && ' - make new recovery codes before you run out.'}
      </p>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void regenerate()}>
        {T.regenerate}
      </button>
    </section>
  );
}

/** New recovery codes, shown once: the list, Copy, and "I have saved them" to close. */
export function NewRecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.show({ title: 'Copied', description: 'Recovery codes copied to the clipboard.' });
    } catch {
      toast.show({ title: 'Copy Failed', description: 'Select the codes and copy them.', variant: 'destructive' });
    }
  };
  return (
    <section className="card security-card recovery-new" aria-labelledby="recovery-new-heading">
      <h2 id="recovery-new-heading">{T.recoveryHeading}</h2>
      <p role="alert">{T.recoveryShownOnce}</p>
      <ol className="recovery-codes" aria-label="New recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
