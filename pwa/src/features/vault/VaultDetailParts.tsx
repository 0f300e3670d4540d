import type { ReactNode } from 'react';
import { VAULT_FIELD_LABELS, endpointHref, type VaultBundleDetailField, type VaultEntry, type VaultIndexEntry, type VaultRevealField, type VaultSecretField } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { CopyValue } from './CopyValue';
import { smsHref, telHref } from '../../lib/links';
import { useOfflineVaultSession } from './session/OfflineVaultProvider';
import { SecretValue, type OfflineSource } from './SecretValue';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT, VIEW_SECTIONS } from './texts';
import { useOfflineDetails } from './useOfflineDetails';
import type { OfflineVaultState } from './useOfflineVault';

/** A value of the View: a string, null (not stored: row hidden) or undefined (not loaded yet / offline). */
type Shown = string | null | undefined;

/**
 * The values and value renderers of the View: where the fields outside the index come from (the
 * entry, offline the unlocked device copy, else "needs a connection" / "Locked" / "Waiting to sync"),
 * text and copyable values, and each secret with its own reveal (online, or from the device copy).
 */
export function useDetailValues(props: {
  index: VaultIndexEntry;
  entry: VaultEntry | undefined;
  loading: boolean;
  online: boolean;
  queued: boolean | undefined;
  offlineVault: OfflineVaultState | undefined;
}) {
  const { index, entry, loading, online, queued, offlineVault } = props;
  const { user } = useAuth();
  const session = useOfflineVaultSession();
  const useCopy = !online && !queued && !!offlineVault?.device && !!user;
  const offline: OfflineSource | undefined =
    useCopy && user
      ? {
          unlocked: offlineVault!.unlocked,
          reveal: (i) =>
            session.reveal({
              ...i,
              endpointId: i.endpointId,
              businessName: index.businessName,
              endpointName: i.endpointId ? index.endpoints.find((e) => e.id === i.endpointId)?.name : undefined,
              user: { id: user.id, username: user.username },
            }),
        }
      : undefined;
  const unlockedCopy = useCopy && !!offlineVault?.unlocked;
  const details = useOfflineDetails(index.id, unlockedCopy);
  // Fields outside the index: the entry's value, offline the device copy's, or undefined while loading / offline.
  const more = (k: VaultBundleDetailField): string | null | undefined => (entry ? entry[k] : details ? details[k] : undefined);
  const pending = loading ? (
    <span className="muted">Loading...</span>
  ) : queued ? (
    <span className="muted">Waiting to sync</span>
  ) : useCopy && !unlockedCopy ? (
    <span className="muted">{OFFLINE_VAULT_TEXT.lockedSecret}</span>
  ) : (
    <span className="muted">{VAULT_TEXT.needsConnection}</span>
  );
  const text = (value: Shown, render: (v: string) => ReactNode = (v) => v) => (value === undefined ? pending : value === null ? null : render(value));
  const copyable = (value: Shown, label: string) => text(value, (v) => <CopyValue value={v} label={label} />);
  const secret = (field: VaultSecretField, children?: (value: string, extra: { wifiSsid: string | null }) => ReactNode) =>
    index[`has${field[0]!.toUpperCase()}${field.slice(1)}` as keyof VaultIndexEntry] ? (
      <SecretValue entryId={index.id} field={field} label={VAULT_FIELD_LABELS[field]} online={online} offline={offline}>
        {children}
      </SecretValue>
    ) : null;

  return { useCopy, offline, details, more, text, copyable, secret };
}

/** A phone number as a call link with 'Text' and 'Call' buttons. */
export function PhoneLinks({ phone }: { phone: string }) {
  return (
    <span className="contact-links">
      <a href={telHref(phone) ?? undefined}>{phone}</a>
      {smsHref(phone) && (
        <a className="btn btn-outline btn-small" href={smsHref(phone)!} aria-label={`Text ${phone}`}>
          Text
        </a>
      )}
      {telHref(phone) && (
        <a className="btn btn-outline btn-small" href={telHref(phone)!} aria-label={`Call ${phone}`}>
          Call
        </a>
      )}
    </span>
  );
}

type ShownEndpoint = { id: string; name: string; url: string | null; username: string | null | undefined; hasPassword: boolean };

/** Endpoints & Access Points: each endpoint's URL (a link for safe schemes), username with Copy and password. */
export function EndpointsView(props: {
  entryId: string;
  endpoints: readonly ShownEndpoint[];
  online: boolean;
  offline: OfflineSource | undefined;
  copyable(value: Shown, label: string): ReactNode;
}) {
  const { entryId, endpoints, online, offline, copyable } = props;
  return (
    <section className="vault-section" aria-label={VIEW_SECTIONS.endpoints}>
      <h3>{VIEW_SECTIONS.endpoints}</h3>
      {endpoints.length === 0 ? (
        <p className="muted vault-nothing">Nothing stored.</p>
      ) : (
        <ul className="endpoint-list">
          {endpoints.map((e) => {
            const href = endpointHref(e.url);
            const label = `${e.name} password`;
            return (
              <li key={e.id} className="endpoint" aria-label={e.name}>
                <h4>{e.name}</h4>
                <dl className="vault-rows">
                  {e.url && (
                    <Row label="URL">
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          {e.url}
                        </a>
                      ) : (
                        e.url
                      )}
                    </Row>
                  )}
                  <Row label="Username">{copyable(e.username, `${e.name} username`)}</Row>
                  {e.hasPassword && (
                    <Row label="Password">
                      <SecretValue entryId={entryId} field={'endpointPassword' satisfies VaultRevealField} endpointId={e.id} label={label} online={online} offline={offline} />
                    </Row>
                  )}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A titled section; says 'Nothing stored.' when none of its rows has a value. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const rows = (Array.isArray(children) ? children : [children]) as { props?: { children?: ReactNode } }[];
  const empty = rows.every((r) => r?.props?.children === null || r?.props?.children === undefined);
  return (
    <section className="vault-section" aria-label={title}>
      <h3>{title}</h3>
      {empty ? <p className="muted vault-nothing">Nothing stored.</p> : <dl className="vault-rows">{children}</dl>}
    </section>
  );
}

/** One label/value row; nothing when the value is null (not stored). */
export function Row({ label, children, hideLabel }: { label: string; children: ReactNode; hideLabel?: boolean }) {
  if (children === null || children === undefined) return null;
  return (
    <div className="vault-row">
      <dt className={hideLabel ? 'visually-hidden' : undefined}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
