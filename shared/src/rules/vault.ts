/**
 * Customer Vault constants and pure rules WITHOUT zod, so the service worker (which
 * registers the vault's offline kinds) can import them without shipping zod. The request schemas
 * and API types are in schemas/vault.ts; which fields are secrets is explained there.
 */

/** Top-level secret fields of an entry (each endpoint's password is a secret too: `endpointPassword`). */
export const VAULT_SECRET_FIELDS = [
  'domainPassword',
  'hostingPassword',
  'wifiPassword',
  'routerPassword',
  'ispAccountNumber',
  'phoneAccountNumber',
] as const;
export type VaultSecretField = (typeof VAULT_SECRET_FIELDS)[number];

/** What `POST /api/vault/:id/reveal` can reveal: a top-level secret or one endpoint's password. */
export const VAULT_REVEAL_FIELDS = [...VAULT_SECRET_FIELDS, 'endpointPassword'] as const;
export type VaultRevealField = (typeof VAULT_REVEAL_FIELDS)[number];

/** Plain (not encrypted) text fields of an entry besides businessName. */
export const VAULT_TEXT_FIELDS = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'address',
  'domainRegistrar',
  'domainUsername',
  'hostingProvider',
  'hostingUsername',
  'wifiSsid',
  'routerUsername',
  'staticIp',
  'ispProvider',
  'phoneProvider',
  'notes',
] as const;
export type VaultTextField = (typeof VAULT_TEXT_FIELDS)[number];

/** Labels of every field, as the View dialog and the form show them. */
export const VAULT_FIELD_LABELS: Record<'businessName' | VaultTextField | VaultRevealField, string> = {
  businessName: 'Business Name',
  contactName: 'Contact Name',
  contactEmail: 'Contact Email',
  contactPhone: 'Contact Phone',
  address: 'Address',
  domainRegistrar: 'Domain Registrar',
  domainUsername: 'Domain Username',
  domainPassword: 'Domain Password',
  hostingProvider: 'Hosting Provider',
  hostingUsername: 'Hosting Username',
  hostingPassword: 'Hosting Password',
  wifiSsid: 'WiFi SSID',
  wifiPassword: 'WiFi Password',
  routerUsername: 'Router Username',
  routerPassword: 'Router Password',
  staticIp: 'Static IP',
  ispProvider: 'ISP Provider',
  ispAccountNumber: 'ISP Account Number',
  phoneProvider: 'Phone Provider',
  phoneAccountNumber: 'Phone Account Number',
  notes: 'Notes',
  endpointPassword: 'Endpoint Password',
};

/** `wifiPassword` -> `hasWifiPassword`. */
export type VaultSecretFlagName<F extends VaultSecretField = VaultSecretField> = `has${Capitalize<F>}`;
/** One boolean per top-level secret: is a value stored? (lists and the index never carry the value). */
export type VaultSecretFlags = { [F in VaultSecretField as VaultSecretFlagName<F>]: boolean };

/** Name of the presence flag of a secret field. */
export function vaultSecretFlag<F extends VaultSecretField>(field: F): VaultSecretFlagName<F> {
  return `has${field[0]!.toUpperCase()}${field.slice(1)}` as VaultSecretFlagName<F>;
}

/** Limits (characters) of the vault's inputs. */
export const VAULT_LIMITS = { text: 300, notes: 10_000, secret: 1_000, endpoints: 100, search: 200 } as const;

/** URL schemes an endpoint may use (links open in a new tab; `javascript:`, `data:`, `file:` are refused). */
export const ENDPOINT_URL_SCHEMES = ['http', 'https', 'ssh', 'rdp', 'vnc', 'ftp', 'ftps', 'sftp', 'smb', 'telnet'] as const;

/**
 * The link target of an endpoint URL, or null when it must not be a link. A value without a scheme
 * (`192.168.1.1`, `router.local:8080/admin`) opens as `http://...` (device admin pages); a scheme
 * outside {@link ENDPOINT_URL_SCHEMES} is never linked.
 */
export function endpointHref(url: string | null | undefined): string | null {
  const v = url?.trim();
  if (!v) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  // "host:port" (no `//`) is not a scheme.
  const hasScheme = scheme !== undefined && (v.slice(scheme.length + 1).startsWith('//') || !/^\d/.test(v.slice(scheme.length + 1)));
  if (!hasScheme) return /\s/.test(v) ? null : `http://${v}`;
  return (ENDPOINT_URL_SCHEMES as readonly string[]).includes(scheme) ? v : null;
}

/** True when `entry` matches a search (business name, contact name or e-mail; case-insensitive). */
export function matchesVaultSearch(entry: { businessName: string; contactName: string | null; contactEmail: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [entry.businessName, entry.contactName, entry.contactEmail].some((v) => v?.toLowerCase().includes(q));
}

/** Escapes `\ ; , " :` for the Wi-Fi QR format. */
function escapeWifi(value: string): string {
  return value.replace(/([\\;,":])/g, '\\$1');
}

/**
 * The payload of a Wi-Fi join QR code (the `WIFI:T:WPA;S:<ssid>;P:<password>;;` format read by
 * Android and iOS cameras): the special characters `\ ; , " :` are backslash-escaped, nothing else
 * changes (values are not quoted: current iOS and Android read them literally). No password -> an
 * open network (`T:nopass`); `hidden` adds `H:true;`.
 */
export function wifiQrPayload(ssid: string, password: string | null, hidden = false): string {
  const auth = password ? `T:WPA;S:${escapeWifi(ssid)};P:${escapeWifi(password)};` : `T:nopass;S:${escapeWifi(ssid)};`;
  return `WIFI:${auth}${hidden ? 'H:true;' : ''};`;
}
