import { VAULT_FIELD_LABELS } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { AUDIT_LIMIT, useVaultAudit } from './api/useVaultAudit';

/**
 * Admins only: the entry's latest reveals from the audit (issue 13 "who saw which password when"):
 * user, value, time and IP, newest first; a reveal made offline on a device (issue 14) says so, with
 * the device and when it was reported; a copy sent to an offline device counts as a reveal of every
 * value it carried ("received N values on <device>"). The audit itself is append-only on the server.
 */
export function RevealHistory({ entryId }: { entryId: string }) {
  const audit = useVaultAudit(entryId);
  return (
    <section className="vault-section" aria-label="Reveal History">
      <h3>Reveal History</h3>
      {audit.isPending ? (
        <p className="muted vault-nothing">Loading...</p>
      ) : audit.isError ? (
        <p className="muted vault-nothing">The history could not be loaded.</p>
      ) : audit.data.length === 0 ? (
        <p className="muted vault-nothing">No value of this customer has been revealed.</p>
      ) : (
        <ul className="reveal-history" aria-label="Reveal history">
          {audit.data.map((a) => (
            <li key={a.id}>
              <strong>{a.username}</strong>{' '}
              {a.field === 'bundle'
                ? `received ${a.fieldCount ?? 0} ${a.fieldCount === 1 ? 'value' : 'values'} on ${a.deviceName ?? 'a device'} (offline copy)`
                : `saw ${a.endpointName ? `${a.endpointName} password` : VAULT_FIELD_LABELS[a.field]}`}
              <span className="muted">
                {' '}
                · {formatDateTime(a.createdAt)} · {a.ip}
              </span>
              {a.source === 'offline' && (
                <span className="reveal-offline">
                  {' '}
                  · offline on {a.deviceName ?? 'a device'}, reported {a.receivedAt ? formatDateTime(a.receivedAt) : 'later'}
                  {a.deviceRevoked ? ' after its access ended' : ''}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {audit.data && audit.data.length >= AUDIT_LIMIT && <p className="muted vault-nothing">Showing the latest {AUDIT_LIMIT}.</p>}
    </section>
  );
}
