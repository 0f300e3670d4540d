import { OpenTickets } from './OpenTickets';
import type { ReactNode } from 'react';
import { VAULT_FIELD_LABELS, endpointHref, type VaultBundleDetailField, type VaultEntry, type VaultIndexEntry, type VaultRevealField, type VaultSecretField } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { CopyValue } from './CopyValue';
import { mailtoHref, mapsHref, smsHref, telHref } from './links';
import { RevealHistory } from './RevealHistory';
import { UnlockForm } from './OfflineVaultPanel';
import { useOfflineVaultSession } from './session/OfflineVaultProvider';
import { SecretValue, type OfflineSource } from './SecretValue';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT, VIEW_SECTIONS } from './texts';
import { useOfflineDetails } from './useOfflineDetails';
import type { OfflineVaultState } from './useOfflineVault';
import { WifiQr } from './WifiQr';

/** A value of the View: a string, null (not stored: row hidden) or undefined (not loaded yet / offline). */
type Shown = string | null | undefined;

/**
 * The View dialog's content (SPEC.md 2): Contact Information, Domain & Hosting, Network Information,
 * ISP & Phone, Endpoints & Access Points, Notes. Index fields (from the list, also offline) show at
 * once; the rest comes from GET /api/vault/:id (`entry`) and, offline, says it needs a connection.
 * Each secret is masked with its own Show/Hide (audited reveal), Copy and a 30 s timer; the Wi-Fi
 * password shows a join QR code while revealed. Contacts are one-tap links (call, text, e-mail,
 * maps); endpoint URLs open in a new tab (only safe schemes are links); usernames, the SSID, the
 * static IP and endpoint URLs have 'Copy'. Offline with this device's offline vault, secrets come
 * from the encrypted copy once unlocked (the passphrase prompt shows here when locked), each reveal
 * reported to the audit later, and so do the site details (usernames, SSID, registrar, providers,
 * static IP, notes: shown without a report, like online); they say 'Locked' while it is locked.
 */
export function VaultDetail(props: {
  index: VaultIndexEntry;
  entry: VaultEntry | undefined;
  /** The entry is being fetched. */
  loading: boolean;
  online: boolean;
  /** Admins also see the entry's reveal history. */
  isAdmin?: boolean;
  /** Created offline and not sent yet: nothing more to load, no edit. */
  queued?: boolean;
  headingId: string;
  /** This device's offline vault. */
  offlineVault?: OfflineVaultState | undefined;
  onEdit(): void;
  onClose(): void;
}) {
  const { index, entry, loading, online, isAdmin, queued, headingId, offlineVault, onEdit, onClose } = props;
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

  const phoneLinks = (phone: string) => (
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
  const wifiSsid = more('wifiSsid');
  const endpoints =
    entry?.endpoints ??
    index.endpoints.map((e) => ({ ...e, username: details ? (details.endpoints.find((d) => d.id === e.id)?.username ?? null) : (undefined as string | null | undefined) }));

  return (
    <div className="vault-detail">
      <h2 id={headingId}>{index.businessName}</h2>
      <p className="muted vault-detail-sub">
        Updated {formatDateTime(entry?.updatedAt ?? index.updatedAt)}
        {entry?.updatedByName ? ` by ${entry.updatedByName}` : ''}
      </p>
      {!online && <p className="vault-offline-note">{useCopy ? OFFLINE_VAULT_TEXT.offlineViewNotice : VAULT_TEXT.offlineViewNotice}</p>}
      {useCopy && !offlineVault!.unlocked && (
        <div className="card offline-vault">
          <UnlockForm vault={offlineVault!} />
        </div>
      )}
      {queued && <p className="vault-offline-note">Saved on this device: it is sent to the server when you are back online.</p>}

      <Section title={VIEW_SECTIONS.contact}>
        <Row label={VAULT_FIELD_LABELS.contactName}>{text(index.contactName)}</Row>
        <Row label="Email">{text(index.contactEmail, (v) => (mailtoHref(v) ? <a href={mailtoHref(v)!}>{v}</a> : v))}</Row>
        <Row label="Phone">{text(index.contactPhone, phoneLinks)}</Row>
        <Row label={VAULT_FIELD_LABELS.address}>
          {text(index.address, (v) => (
            <a href={mapsHref(v)!} target="_blank" rel="noopener noreferrer">
              {v} <span className="muted">(Open in Maps)</span>
            </a>
          ))}
        </Row>
      </Section>

      <Section title={VIEW_SECTIONS.domain}>
        <Row label={VAULT_FIELD_LABELS.domainRegistrar}>{text(more('domainRegistrar'))}</Row>
        <Row label={VAULT_FIELD_LABELS.domainUsername}>{copyable(more('domainUsername'), VAULT_FIELD_LABELS.domainUsername)}</Row>
        <Row label={VAULT_FIELD_LABELS.domainPassword}>{secret('domainPassword')}</Row>
        <Row label={VAULT_FIELD_LABELS.hostingProvider}>{text(more('hostingProvider'))}</Row>
        <Row label={VAULT_FIELD_LABELS.hostingUsername}>{copyable(more('hostingUsername'), VAULT_FIELD_LABELS.hostingUsername)}</Row>
        <Row label={VAULT_FIELD_LABELS.hostingPassword}>{secret('hostingPassword')}</Row>
      </Section>

      <Section title={VIEW_SECTIONS.network}>
        <Row label={VAULT_FIELD_LABELS.wifiSsid}>{copyable(wifiSsid, VAULT_FIELD_LABELS.wifiSsid)}</Row>
        <Row label={VAULT_FIELD_LABELS.wifiPassword}>
          {secret('wifiPassword', (password, extra) => {
            const ssid = wifiSsid ?? extra.wifiSsid;
            return ssid ? <WifiQr ssid={ssid} password={password} /> : null;
          })}
        </Row>
        <Row label={VAULT_FIELD_LABELS.routerUsername}>{copyable(more('routerUsername'), VAULT_FIELD_LABELS.routerUsername)}</Row>
        <Row label={VAULT_FIELD_LABELS.routerPassword}>{secret('routerPassword')}</Row>
        <Row label={VAULT_FIELD_LABELS.staticIp}>{copyable(more('staticIp'), VAULT_FIELD_LABELS.staticIp)}</Row>
      </Section>

      <Section title={VIEW_SECTIONS.isp}>
        <Row label={VAULT_FIELD_LABELS.ispProvider}>{text(index.ispProvider)}</Row>
        <Row label={VAULT_FIELD_LABELS.ispAccountNumber}>{secret('ispAccountNumber')}</Row>
        <Row label={VAULT_FIELD_LABELS.phoneProvider}>{text(more('phoneProvider'))}</Row>
        <Row label={VAULT_FIELD_LABELS.phoneAccountNumber}>{secret('phoneAccountNumber')}</Row>
      </Section>

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
                        <SecretValue entryId={index.id} field={'endpointPassword' satisfies VaultRevealField} endpointId={e.id} label={label} online={online} offline={offline} />
                      </Row>
                    )}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <Section title={VIEW_SECTIONS.notes}>
        <Row label={VAULT_FIELD_LABELS.notes} hideLabel>
          {text(more('notes'), (v) => <p className="vault-notes">{v}</p>)}
        </Row>
      </Section>

      {!queued && <OpenTickets entryId={index.id} online={online} />}
      {isAdmin && online && !queued && <RevealHistory entryId={index.id} />}

      {loading && !entry && <Loading text="Loading customer information..." />}
      <div className="form-actions vault-detail-actions">
        {!queued && (
          <button type="button" className="btn btn-primary" onClick={onEdit} disabled={online && !entry}>
            Edit
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** A titled section; says 'Nothing stored.' when none of its rows has a value. */
function Section({ title, children }: { title: string; children: ReactNode }) {
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
function Row({ label, children, hideLabel }: { label: string; children: ReactNode; hideLabel?: boolean }) {
  if (children === null || children === undefined) return null;
  return (
    <div className="vault-row">
      <dt className={hideLabel ? 'visually-hidden' : undefined}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
