/** Query key of the server's VAPID public key; the default query function fetches `/api/push/public-key`. */
export const PUSH_PUBLIC_KEY_KEY = ['/api/push/public-key'] as const;
/** Query key of this device's push state (browser permission + subscription); no HTTP behind it. */
export const PUSH_STATE_KEY = ['push-state'] as const;
