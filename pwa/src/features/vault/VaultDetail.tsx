import { OpenTickets } from './OpenTickets';
import { VAULT_FIELD_LABELS, type VaultEntry, type VaultIndexEntry } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { mailtoHref, mapsHref } from '../../lib/links';
import { RevealHistory } from './RevealHistory';
import { UnlockForm } from './OfflineVaultPanel';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT, VIEW_SECTIONS } from './texts';
import type { OfflineVaultState } from './useOfflineVault';
import { WifiQr } from './WifiQr';
import { EndpointsView, PhoneLinks, Row, Section, useDetailValues } from './VaultDetailParts';

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
  const { useCopy, offline, details, more, text, copyable, secret } = useDetailValues({ index, entry, loading, online, queued, offlineVault });
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
        <Row label="Phone">{text(index.contactPhone, (v) => <PhoneLinks phone={v} />)}</Row>
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

      <EndpointsView entryId={index.id} endpoints={endpoints} online={online} offline={offline} copyable={copyable} />

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
