/**
 * Web push provider (DESIGN.md 4a, 6): the web-push library encrypts the PushPayload (aes128gcm) and
 * signs a VAPID JWT, then POSTs to the subscription's endpoint over HTTPS.
 *
 * VAPID keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated once and stored in the
 * `settings` table (key `vapid_keys`), so every process on one database signs with the same key and
 * existing browser subscriptions stay valid across restarts. The settings API never returns that row.
 *
 * Answers: 404/410 -> SubscriptionGoneError (the dispatcher deletes the subscription, no retry);
 * 400/403/413 -> permanent; 429/5xx/network/timeout -> retried.
 *
 * Endpoint rules (no server-side request forgery): an endpoint must be https and its host
 * must resolve only to public addresses: loopback, private, link-local, CGNAT, multicast, reserved and
 * documentation ranges (IPv4 and IPv6, also IPv4-mapped) are refused, unless the host is listed in
 * PUSH_ALLOW_HOSTS (tests, an in-house push service). The same check runs when subscribing
 * (features/push) and before every send, and the connection itself resolves through a lookup that
 * refuses such addresses, so a name that re-resolves to an internal address later is refused too.
 */
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSetting, insertSettingOnce } from '../../db/settings';
import type { PushProvider, PushTarget, SendResult } from '../types';
import { EndpointRefusedError, PermanentError, SubscriptionGoneError } from '../types';

/** A VAPID key pair, base64url (public: 65-byte P-256 point, private: 32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Settings key of the generated VAPID keys (JSON). */
export const VAPID_KEYS_SETTING = 'vapid_keys';

function parseKeys(value: string): VapidKeys | null {
  try {
    const v = JSON.parse(value) as Partial<VapidKeys>;
    return typeof v.publicKey === 'string' && typeof v.privateKey === 'string' ? { publicKey: v.publicKey, privateKey: v.privateKey } : null;
  } catch {
    return null;
  }
}

/**
 * The stored VAPID keys, generating and storing a pair on first use. Race-safe: when two processes
 * generate at once, the first insert wins and both return the stored pair.
 * @throws when the stored value is unreadable (fix or delete the `vapid_keys` settings row).
 */
export async function loadOrCreateVapidKeys(db: Database, now: Date): Promise<VapidKeys> {
  let row = await findSetting(db, VAPID_KEYS_SETTING);
  if (!row) {
    const generated = webpush.generateVAPIDKeys();
    row = await insertSettingOnce(db, VAPID_KEYS_SETTING, JSON.stringify(generated), 'Web push VAPID keys (generated once)', now);
  }
  const keys = parseKeys(row.value);
  if (!keys) throw new Error(`settings row ${VAPID_KEYS_SETTING} does not hold VAPID keys`);
  return keys;
}

/** Resolves every address of a host name (dns.lookup with `all: true`); injectable for tests. */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const defaultLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Address ranges a push endpoint may not reach (RFC 6890 special-purpose and private ranges). */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  // 6to4, Teredo and NAT64 embed IPv4 addresses; 2002::/16 and 2001::/32 are refused outright.
  ['2002::', 16], ['2001::', 32],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address (`::ffff:10.0.0.1`, `64:ff9b::a00:1`), else null. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** true when `ip` is a public unicast address a push service may have (see BLOCKED). */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return !BLOCKED.check(ip, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(ip);
  if (v4) return isPublicAddress(v4);
  return !BLOCKED.check(ip, 'ipv6');
}

/** Host of a URL in lower case without IPv6 brackets (`[::1]` -> `::1`). */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** Where push endpoints may point: hosts exempt from the address check, and the resolver. */
export interface EndpointPolicy {
  /** PUSH_ALLOW_HOSTS: host names or IP literals (lower case, no brackets) that skip the address check. */
  allowHosts: readonly string[];
  lookup?: LookupAll;
}

/**
 * Checks a push endpoint against the rules in the module doc, resolving its host name.
 * @returns null when the endpoint may be used, else the reason (for logs and the delivery log).
 */
export async function checkPushEndpoint(endpoint: string, policy: EndpointPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  const host = hostOf(url);
  if (policy.allowHosts.includes(host)) return null;
  if (net.isIP(host)) return isPublicAddress(host) ? null : `${host} is not a public address`;
  let addresses: { address: string }[];
  try {
    addresses = await (policy.lookup ?? defaultLookup)(host);
  } catch (err) {
    return `${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
  }
  if (addresses.length === 0) return `${host} does not resolve`;
  const internal = addresses.find((a) => !isPublicAddress(a.address));
  return internal ? `${host} resolves to ${internal.address}, not a public address` : null;
}

/**
 * An https.Agent whose connections resolve through the endpoint rules: a host that resolves to an
 * internal address at connection time (DNS rebinding after the check) fails to connect.
 */
export function guardedAgent(policy: EndpointPolicy): https.Agent {
  const lookup = policy.lookup ?? defaultLookup;
  const guarded = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const host = hostname.toLowerCase();
    lookup(host).then(
      (addresses) => {
        const internal = policy.allowHosts.includes(host) ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (internal || addresses.length === 0) {
          const err = Object.assign(new Error(`push endpoint ${host} resolves to ${internal?.address ?? 'nothing'}, refused`), { code: 'EPUSHREFUSED' });
          return callback(err);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: unknown) => callback(err),
    );
  };
  return new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guarded as unknown as net.LookupFunction });
}

export interface WebPushOptions {
  /** Resolves the key pair (env or stored); called per send, so cache it. */
  keys: () => Promise<VapidKeys>;
  /** VAPID `sub` claim: `mailto:` or `https:` URL. */
  subject: string;
  /** HTTPS agent for the push request (tests trust a local certificate with it). */
  agent?: https.Agent;
  /** How long the push service keeps an undelivered message, in seconds (default one day). */
  ttlSeconds?: number;
  /** PUSH_ALLOW_HOSTS (default none): hosts exempt from the public-address rule. */
  allowHosts?: readonly string[];
  /** Resolver for the endpoint rules (tests). */
  lookup?: LookupAll;
  /** Socket timeout of one push request in ms (default 10 s; the dispatcher also bounds each send). */
  timeoutMs?: number;
}

/** Sends web push through the web-push library (see module doc). */
export function createWebPush(opts: WebPushOptions): PushProvider {
  const policy: EndpointPolicy = { allowHosts: opts.allowHosts ?? [], ...(opts.lookup ? { lookup: opts.lookup } : {}) };
  let agent = opts.agent;
  return {
    description: `web-push (${opts.subject})`,
    publicKey: async () => (await opts.keys()).publicKey,
    async send(target: PushTarget, payload: PushPayload): Promise<SendResult> {
      const refused = await checkPushEndpoint(target.endpoint, policy);
      if (refused) throw new EndpointRefusedError(refused);
      const keys = await opts.keys();
      agent ??= guardedAgent(policy);
      try {
        const res = await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails: { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: opts.ttlSeconds ?? 86_400,
          urgency: 'high',
          timeout: opts.timeoutMs ?? 10_000,
          agent,
        });
        return { detail: `push service ${res.statusCode} (${new URL(target.endpoint).host})` };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) throw new SubscriptionGoneError(err.statusCode);
          const reason = `push service ${err.statusCode}: ${String(err.body || err.message).slice(0, 200)}`;
          if ([400, 403, 413].includes(err.statusCode)) throw new PermanentError(reason);
          throw new Error(reason, { cause: err });
        }
        if ((err as NodeJS.ErrnoException).code === 'EPUSHREFUSED') throw new EndpointRefusedError((err as Error).message);
        throw new Error(`push: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    },
  };
}

/** Caches a successful promise; a failure is not cached, so the next call tries again. */
export function memoizeAsync<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
