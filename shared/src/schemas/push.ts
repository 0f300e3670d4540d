import { z } from 'zod';
import { MAX_EPOCH_MS } from '../constants';
import { SAFE_TEXT_ISSUE, isSafeText, safeText } from './text';

/**
 * Web push subscriptions (DESIGN.md 6). A subscription belongs to one user and one device
 * (browser profile); the server stores it per endpoint and removes it on logout and on 404/410.
 */

/** POST /api/push/subscriptions body: the browser's PushSubscription.toJSON() shape. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url('Invalid push endpoint').max(2048).refine(isSafeText, SAFE_TEXT_ISSUE),
  /** Epoch ms (browsers send null or a time); bounded so it is always a valid timestamp. */
  expirationTime: z.number().min(0).max(MAX_EPOCH_MS, 'expirationTime must be an epoch time in milliseconds').nullable().optional(),
  keys: z.object({
    p256dh: safeText().min(1).max(512),
    auth: safeText().min(1).max(512),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions body. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.url('Invalid push endpoint').max(2048).refine(isSafeText, SAFE_TEXT_ISSUE) });

/** GET /api/push/public-key response: the VAPID application server key (base64url). */
export interface PushPublicKey {
  publicKey: string;
}

/**
 * Payload of every push message the server sends (JSON in the encrypted body); the service worker
 * shows `title`/`body` and opens `url` on notificationclick.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** App path to open, e.g. "/technician?ticket=<id>". */
  url: string;
  /** Groups notifications of one ticket (Notification `tag`). */
  tag?: string;
}
