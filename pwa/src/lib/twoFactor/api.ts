/**
 * The two-factor calls the shared parts need (README "Two-factor authentication" API): the caller's
 * status and the step-up. Features have their own calls for enrolment and sign-in.
 */
import type { StepUpInput, TwoFactorStatus } from '@portal/shared';
import { apiGet, apiRequest } from '../api';
import type { PasskeyOptions } from './passkey';

/** GET /api/auth/2fa. */
export const fetchTwoFactorStatus = () => apiGet<TwoFactorStatus>('/api/auth/2fa');

/** POST /api/auth/2fa/step-up -> until when the session is fresh. */
export const sendStepUp = (input: StepUpInput) => apiRequest<{ freshUntil: string }>('POST', '/api/auth/2fa/step-up', input);

/** POST /api/auth/2fa/step-up/options: WebAuthn options for a step-up with a passkey. */
export const stepUpPasskeyOptions = () => apiRequest<PasskeyOptions>('POST', '/api/auth/2fa/step-up/options');

/** true when an error is the API's 403 `step_up_required`. */
export { isStepUpRequired } from './errors';
