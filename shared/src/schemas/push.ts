import { z } from 'zod';

/**
 * Web push subscriptions (issue 4, DESIGN.md 6). A subscription belongs to one user and one device
 * (browser profile); the server stores it per endpoint and removes it on logout and on 404/410.
 */

/** POST /api/push/subscriptions body: the browser's PushSubscription.toJSON() shape. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url('Invalid push endpoint').max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(512),
    auth: z.string().min(1).max(512),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions body. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.url('Invalid push endpoint').max(2048) });

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
