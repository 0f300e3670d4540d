/**
 * The one error envelope of the API (DESIGN.md 4): `{ message, code }`, plus `fieldErrors` on
 * validation failures (field name -> messages, SPEC.md 5 texts).
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'rate_limited',
  'internal',
  /** 502: an e-mail/SMS/push provider refused or could not be reached (POST /api/settings/test-sms). */
  'provider_failed',
  /** 500: a stored vault secret failed its AES-GCM integrity check (tampered, or the wrong key); nothing is returned. */
  'integrity_failed',
  /** 416: a Range header outside the file (GET /api/downloads/:fileName). */
  'range_not_satisfiable',
  /** 409: a download whose file kept being replaced while it was read (3 looks); retry after `Retry-After`. */
  'file_changing',
  /** 410: this device's offline vault access was revoked or expired; the device wipes its copy. */
  'device_revoked',
  /** 410: the endpoint was removed; the message names its successor (GET /api/tickets without `since`). */
  'gone',
  /** 403: the two-factor policy requires a factor this session's user has not set up; only enrolment and logout work. */
  'two_factor_enrolment_required',
  /** 403: the action needs a second factor from the last STEP_UP_MINUTES ("Confirm it's you"). */
  'step_up_required',
  /** 400: a wrong or already used two-factor code (counted toward the login limits). */
  'invalid_code',
  /** 401: the sign-in's second step is unknown or expired; sign in again. */
  'challenge_expired',
  /** 403: the right password of an account an admin disabled (User Management); no session. */
  'account_disabled',
  /** 403: a cookie-authenticated write sent from another site (http/origin-check.ts); nothing ran. */
  'cross_origin',
  /** 507: the server takes no more anonymous uploads for now (their total quota, docs/attachments.md). */
  'insufficient_storage',
  /** 422: an attached image took longer than IMAGE_TIMEOUT_MS to decode; its image process was stopped (docs/attachments.md). */
  'image_too_slow',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string[]>;
}

/** GET /api/config: public settings the home page and header show (SPEC.md 1 {phone}, {email}). */
export interface PublicConfig {
  appName: string;
  supportPhone: string;
  supportEmail: string;
  /** Default country of phone numbers (PHONE_COUNTRY), e.g. 'US'. */
  phoneCountry: string;
}
