/**
 * Web push provider (DESIGN.md 4a, 6): the web-push library encrypts the PushPayload (aes128gcm) and
 * signs a VAPID JWT, then POSTs to the subscription's endpoint over HTTPS.
 *
 * VAPID keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated once and stored in the
 * `settings` table (key `vapid_keys`), so every process on one database signs with the same key and
 * existing browser subscriptions stay valid across restarts. The settings API never returns that row.
 *
 * Answers: 404/410 -> SubscriptionGoneError (the dispatcher deletes the subscription, no retry);
 * 400/403/413 -> permanent; 429/5xx/network -> retried.
 */
import type https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSetting, insertSettingOnce } from '../../db/settings';
import type { PushProvider, PushTarget, SendResult } from '../types';
import { PermanentError, SubscriptionGoneError } from '../types';

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

export interface WebPushOptions {
  /** Resolves the key pair (env or stored); called per send, so cache it. */
  keys: () => Promise<VapidKeys>;
  /** VAPID `sub` claim: `mailto:` or `https:` URL. */
  subject: string;
  /** HTTPS agent for the push request (tests trust a local certificate with it). */
  agent?: https.Agent;
  /** How long the push service keeps an undelivered message, in seconds (default one day). */
  ttlSeconds?: number;
}

/** Sends web push through the web-push library (see module doc). */
export function createWebPush(opts: WebPushOptions): PushProvider {
  return {
    description: `web-push (${opts.subject})`,
    publicKey: async () => (await opts.keys()).publicKey,
    async send(target: PushTarget, payload: PushPayload): Promise<SendResult> {
      const keys = await opts.keys();
      try {
        const res = await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails: { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: opts.ttlSeconds ?? 86_400,
          urgency: 'high',
          timeout: 30_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        return { detail: `push service ${res.statusCode} (${new URL(target.endpoint).host})` };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) throw new SubscriptionGoneError(err.statusCode);
          const reason = `push service ${err.statusCode}: ${String(err.body || err.message).slice(0, 200)}`;
          if ([400, 403, 413].includes(err.statusCode)) throw new PermanentError(reason);
          throw new Error(reason, { cause: err });
        }
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
