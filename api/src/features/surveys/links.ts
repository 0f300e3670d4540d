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
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { surveyInvitations } from '../../db/schema';

/** Name of the generated secret file in DATA_DIR. */
export const SURVEY_KEY_FILE = 'survey-link.key';

/** Derives link tokens from invitation ids. */
export interface SurveyLinks {
  /** The link token of an invitation (43 base64url characters, 256 bits). */
  token(invitationId: string): string;
}

/** sha256 hex of a link token: what `survey_invitations.token_hash` stores and lookups compare. */
export function surveyTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Reads the secret file, creating it (32 random bytes, base64, mode 0600) on first use. Two processes
 * starting together agree: the file is created exclusively, and the loser reads the winner's key.
 */
export function loadOrCreateSurveySecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SURVEY_KEY_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} must hold at least 32 bytes of base64`);
  return key;
}

/**
 * The token deriver of one app instance. `secret` (SURVEY_SECRET) wins; otherwise the key file in
 * `dataDir` is read (or created) on first use, so an app that never sends a survey writes nothing.
 */
export function createSurveyLinks(opts: { secret: Buffer | undefined; dataDir: string }): SurveyLinks {
  let secret = opts.secret;
  return {
    token(invitationId) {
      secret ??= loadOrCreateSurveySecret(opts.dataDir);
      return createHmac('sha256', secret).update(`survey-invitation:v1:${invitationId}`, 'utf8').digest('base64url');
    },
  };
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
