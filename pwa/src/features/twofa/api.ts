/**
 * The Security page's calls (README "Two-factor authentication" API). The status query is
 * `['/api/auth/2fa']` (the default query function); every change answers the new status or is
 * followed by a refetch. Recovery codes live only in component state (shown once, never cached).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpSetup, TwoFactorStatus, WebauthnRegistration } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import type { PasskeyOptions } from '../../lib/twoFactor/passkey';

export const STATUS_KEY = ['/api/auth/2fa'] as const;

/** GET /api/auth/2fa (online only: the page needs the server). */
export const useTwoFactorStatus = () => useQuery<TwoFactorStatus>({ queryKey: STATUS_KEY, networkMode: 'online', gcTime: 0 });

/** Stores a new status in the cache. */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return (status: TwoFactorStatus) => queryClient.setQueryData(STATUS_KEY, status);
}

/** An enrolment's answer: the new status and, for the first method, the recovery codes (once). */
export interface Enrolled {
  recoveryCodes: string[] | null;
  status: TwoFactorStatus;
}

export const startTotp = () => apiRequest<TotpSetup>('POST', '/api/auth/2fa/totp/setup');
export const confirmTotp = (code: string) => apiRequest<Enrolled>('POST', '/api/auth/2fa/totp/confirm', { code });
export const removeTotp = () => apiRequest<TwoFactorStatus>('DELETE', '/api/auth/2fa/totp');
export const passkeyCreationOptions = () => apiRequest<PasskeyOptions>('POST', '/api/auth/2fa/passkeys/options');
export const addPasskey = (name: string, registration: WebauthnRegistration) => apiRequest<Enrolled>('POST', '/api/auth/2fa/passkeys', { name, registration });
export const renamePasskey = (id: string, name: string) => apiRequest<TwoFactorStatus>('PATCH', `/api/auth/2fa/passkeys/${id}`, { name });
export const removePasskey = (id: string) => apiRequest<TwoFactorStatus>('DELETE', `/api/auth/2fa/passkeys/${id}`);
export const regenerateRecoveryCodes = () => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/2fa/recovery-codes');
