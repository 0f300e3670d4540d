import type { LoginResponse, WebauthnAssertion } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import type { PasskeyOptions } from '../../../lib/twoFactor/passkey';

/**
 * POST /api/auth/login/2fa `{ challengeId, code }` or `{ challengeId, assertion }` -> LoginResponse
 * (README "Two-factor authentication"). Errors: ApiError 400 `invalid_code`, 401 `challenge_expired`
 * (sign in again), 429; or a network TypeError (signing in needs the network).
 */
export const loginSecondFactor = (body: { challengeId: string; code: string } | { challengeId: string; assertion: WebauthnAssertion }) =>
  apiRequest<LoginResponse>('POST', '/api/auth/login/2fa', body);

/** POST /api/auth/login/2fa/passkey-options `{ challengeId }` -> WebAuthn request options. */
export const loginPasskeyOptions = (challengeId: string) => apiRequest<PasskeyOptions>('POST', '/api/auth/login/2fa/passkey-options', { challengeId });
