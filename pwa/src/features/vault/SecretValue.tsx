import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VaultRevealField } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { StepUpCancelled } from '../../lib/twoFactor/errors';
import { useStepUp } from '../../lib/twoFactor/stepUp';
import { revealVaultSecret } from './api/revealVaultSecret';
import { OfflineRevealError } from './session/OfflineVaultSession';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT } from './texts';

/**
 * Where an offline reveal comes from: this device's encrypted copy, when unlocked.
 * `reveal` records the audit report first, then returns the value (features/vault/session/OfflineVaultSession.ts).
 */
export interface OfflineSource {
  unlocked: boolean;
  reveal(input: { entryId: string; field: VaultRevealField; endpointId?: string | undefined; label: string }): Promise<{ value: string; wifiSsid: string | null }>;
}

/** A revealed value hides again after this long. */
export const REVEAL_MS = 30_000;
const MASK = '••••••••';

/**
 * One secret in the View dialog (SPEC.md 2 "Sensitive values are masked, with a show/hide toggle per
 * value"): masked until 'Show' calls the audited reveal API; then the value, 'Hide', 'Copy' and a
 * countdown. It hides again after {@link REVEAL_MS}, when the app goes to the background and when
 * the dialog closes (unmount): the value lives only in this component's state, never in a cache,
 * storage or a log. Offline it says it needs a connection, unless this device keeps the vault
 * offline (`offline`): then 'Show' reveals from the encrypted copy while it is unlocked
 * ('Locked' otherwise) and the value hides when the vault locks. `children(value, extra)` renders
 * extras while shown (the Wi-Fi QR code).
 */
export function SecretValue(props: {
  entryId: string;
  field: VaultRevealField;
  endpointId?: string;
  label: string;
  online: boolean;
  /** Offline with this device's offline vault: reveal from the encrypted copy. */
  offline?: OfflineSource | undefined;
  /** `wifiSsid`: the SSID from the offline copy (the View has none offline). */
  children?: (value: string, extra: { wifiSsid: string | null }) => ReactNode;
}) {
  const { entryId, field, endpointId, label, online, offline, children } = props;
  const toast = useToast();
  const queryClient = useQueryClient();
  const { withStepUp } = useStepUp();
  const [value, setValue] = useState<string | null>(null);
  const [wifiSsid, setWifiSsid] = useState<string | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const [pending, setPending] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const left = useHideTimer(value, setValue);

  // Locking the offline vault hides what it showed.
  useEffect(() => {
    if (fromDevice && !offline?.unlocked) setValue(null);
  }, [fromDevice, offline?.unlocked]);

  const showOffline = async (source: OfflineSource) => {
    setPending(true);
    try {
      const revealed = await source.reveal({ entryId, field, endpointId, label });
      if (alive.current) {
        setFromDevice(true);
        setWifiSsid(revealed.wifiSsid);
        setValue(revealed.value);
      }
    } catch (error) {
      toast.show({ title: 'Error', description: error instanceof OfflineRevealError ? error.message : VAULT_TEXT.revealFailed, variant: 'destructive' });
    } finally {
      if (alive.current) setPending(false);
    }
  };

  const show = async () => {
    if (!online && offline) return showOffline(offline);
    setPending(true);
    try {
      // A reveal needs a recent second factor: "Confirm it's you" opens over the View when it is due.
      const revealed = await withStepUp(() => revealVaultSecret(entryId, field, endpointId));
      if (alive.current) {
        setFromDevice(false);
        setValue(revealed);
      }
      // The reveal wrote an audit row: an admin's Reveal History refreshes.
      void queryClient.invalidateQueries({ queryKey: ['/api/vault/audit'] });
    } catch (error) {
      if (error instanceof StepUpCancelled) return;
      // The server's words for a tampered value or too many reveals; a generic text otherwise.
      const code = isApiError(error) ? error.errorBody?.code : undefined;
      const message = isApiError(error) && (code === 'integrity_failed' || code === 'rate_limited') ? error.serverMessage : VAULT_TEXT.revealFailed;
      toast.show({ title: 'Error', description: message ?? VAULT_TEXT.revealFailed, variant: 'destructive' });
    } finally {
      if (alive.current) setPending(false);
    }
  };

  const copy = async () => {
    if (value === null) return;
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ title: 'Copied', description: `${label} copied to the clipboard.` });
    } catch {
      toast.show({ title: 'Copy Failed', description: 'The browser did not allow copying. Select the value and copy it.', variant: 'destructive' });
    }
  };

  if (value === null) return <MaskedSecret label={label} pending={pending} online={online} offline={offline} onShow={() => void show()} />;
  return (
    <div className="secret-shown">
      <div className="secret">
        <code className="secret-value" data-secret={endpointId ? `endpoint:${endpointId}` : field}>
          {value}
        </code>
        <button type="button" className="btn btn-outline btn-small" aria-label={`Hide ${label}`} onClick={() => setValue(null)}>
          Hide
        </button>
        <button type="button" className="btn btn-outline btn-small" aria-label={`Copy ${label}`} onClick={() => void copy()}>
          Copy
        </button>
        <span className="muted secret-timer" aria-hidden="true">
          {left} s
        </span>
      </div>
      {fromDevice && <p className="muted secret-source">{OFFLINE_VAULT_TEXT.shownOffline}</p>}
      {children?.(value, { wifiSsid })}
    </div>
  );
}

/**
 * The seconds left before a shown value hides itself ({@link REVEAL_MS}): `setValue(null)` when they
 * run out and when the page goes to the background. Restarts with each new value.
 */
function useHideTimer(value: string | null, setValue: (value: string | null) => void): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (value === null) return;
    const until = Date.now() + REVEAL_MS;
    setLeft(Math.ceil(REVEAL_MS / 1000));
    const tick = setInterval(() => {
      const ms = until - Date.now();
      if (ms <= 0) setValue(null);
      else setLeft(Math.ceil(ms / 1000));
    }, 1000);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') setValue(null);
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      clearInterval(tick);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [value, setValue]);
  return left;
}

/** A hidden secret: the mask and 'Show' (online or with the offline vault unlocked), else why it cannot be shown. */
function MaskedSecret(props: { label: string; pending: boolean; online: boolean; offline: OfflineSource | undefined; onShow(): void }) {
  const { label, pending, online, offline, onShow } = props;
  return (
    <div className="secret">
      <span className="secret-mask" aria-label={`${label} hidden`}>
        {MASK}
      </span>
      {online || offline?.unlocked ? (
        <button type="button" className="btn btn-outline btn-small" aria-label={`Show ${label}`} disabled={pending} onClick={onShow}>
          {pending ? 'Showing...' : 'Show'}
        </button>
      ) : offline ? (
        <span className="muted secret-offline">{OFFLINE_VAULT_TEXT.lockedSecret}</span>
      ) : (
        <span className="muted secret-offline">{VAULT_TEXT.needsConnection}</span>
      )}
    </div>
  );
}
