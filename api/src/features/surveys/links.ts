/**
 * Survey invitation links that cannot be forged (DESIGN.md 7).
 *
 * The link is `PUBLIC_URL/survey?ticket=TKT-000123&token=T`. T is never stored anywhere durable:
 * `T = base64url(HMAC-SHA256(secret, "survey-invitation:v1:" + invitationId))` (256 bits), derived
 * once when the invitation is written (to store `sha256(T)` for the lookup) and again when the
 * dispatcher renders the e-mail (the `survey_invite` kind, notifications.ts). The notification job's payload carries only the invitation
 * id, so neither the outbox row nor the invitation row nor a database dump yields a working link
 * without the secret, and the secret never enters the database.
 *
 * The secret is SURVEY_SECRET, or a random 32-byte key generated once into `DATA_DIR/survey-link.key`
 * (mode 0600). Several API processes must share it (same SURVEY_SECRET or the same DATA_DIR).
 * Verifying a link needs only the stored hash, so replacing the secret keeps links already e-mailed
 * working; only invitations not yet e-mailed would get a link that does not match (they show
 * 'Survey Not Found').
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { surveyInvitations } from '../../db/schema';
import { createPublicTokenKey, hashPublicToken, loadOrCreateSecretFile } from '../../lib/public-tokens';

/** Name of the generated secret file in DATA_DIR. */
export const SURVEY_KEY_FILE = 'survey-link.key';

/** Purpose of survey tokens in the public-token scheme (lib/public-tokens.ts: `HMAC(secret, purpose:v1:id)`). */
const SURVEY_LINK_PURPOSE = 'survey-invitation';

/** Derives link tokens from invitation ids. */
export interface SurveyLinks {
  /** The link token of an invitation (43 base64url characters, 256 bits). */
  token(invitationId: string): string;
}

/** sha256 hex of a link token: what `survey_invitations.token_hash` stores and lookups compare. */
export const surveyTokenHash = hashPublicToken;

/** Reads the survey secret file, creating it (32 random bytes, base64, mode 0600) on first use. */
export function loadOrCreateSurveySecret(dataDir: string): Buffer {
  return loadOrCreateSecretFile(dataDir, SURVEY_KEY_FILE);
}

/**
 * The token deriver of one app instance, made and checked like every public token
 * (lib/public-tokens.ts, DESIGN.md 7). `secret` (SURVEY_SECRET) wins; otherwise the key file in
 * `dataDir` is read (or created) on first use, so an app that never sends a survey writes nothing.
 */
export function createSurveyLinks(opts: { secret: Buffer | undefined; dataDir: string }): SurveyLinks {
  const key = createPublicTokenKey({ secret: opts.secret, dataDir: opts.dataDir, fileName: SURVEY_KEY_FILE });
  return { token: (invitationId) => key.token(SURVEY_LINK_PURPOSE, invitationId) };
}

/** The token deriver of a configuration: SURVEY_SECRET, else the key file in DATA_DIR. */
export function surveyLinksFor(config: Pick<Config, 'surveySecret' | 'dataDir'>): SurveyLinks {
  return createSurveyLinks({ secret: config.surveySecret, dataDir: config.dataDir });
}

/**
 * Records when an invitation e-mail was handed to the provider (first time only: a redelivery after a
 * lost lease keeps the original time). The response rate counts invitations by this time.
 */
export async function markInvitationSent(db: Database, invitationId: string, now: Date): Promise<void> {
  await db
    .update(surveyInvitations)
    .set({ sentAt: now })
    .where(and(eq(surveyInvitations.id, invitationId), isNull(surveyInvitations.sentAt)));
}
