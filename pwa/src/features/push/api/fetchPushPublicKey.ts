import type { QueryClient } from '@tanstack/react-query';
import type { PushPublicKey } from '@portal/shared';
import { PUSH_PUBLIC_KEY_KEY } from './keys';

/**
 * GET /api/push/public-key -> `{ publicKey }` (base64url VAPID key), cached for the life of
 * the page (the key only changes with the server's configuration). Staff only; errors are ApiError
 * or a network TypeError.
 */
export async function fetchPushPublicKey(queryClient: QueryClient): Promise<string> {
  const { publicKey } = await queryClient.fetchQuery<PushPublicKey>({ queryKey: PUSH_PUBLIC_KEY_KEY });
  return publicKey;
}
