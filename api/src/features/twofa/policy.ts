/**
 * The two-factor policy (README "Two-factor authentication"): a `settings` row
 * (TWO_FACTOR_POLICY_KEY) created once from TWO_FACTOR_REQUIRED on a new install, then changed by
 * admins on /admin/settings. Raising the policy puts the open sessions of users who now must enrol
 * and have no factor into the enrolment-only state at once (not at their next sign-in).
 */
import { inArray, sql } from 'drizzle-orm';
import { TWO_FACTOR_POLICIES, TWO_FACTOR_POLICY_KEY, twoFactorRequiredFor, type Role, type TwoFactorPolicy } from '@portal/shared';
import type { Database } from '../../db/client';
import { userTotp, users, webauthnCredentials } from '../../db/schema';
import { requireEnrolment } from '../../db/sessions';
import { findSetting, insertSettingOnce, upsertSetting } from '../../db/settings';

const DESCRIPTION = 'Who must use two-factor authentication: none, admins or staff (admins and technicians)';

const asPolicy = (v: string | undefined): TwoFactorPolicy | null => ((TWO_FACTOR_POLICIES as readonly string[]).includes(v ?? '') ? (v as TwoFactorPolicy) : null);

/** The policy in force; the first read of a new install stores `initial` (TWO_FACTOR_REQUIRED). */
export async function readPolicy(db: Database, initial: TwoFactorPolicy, now: Date): Promise<TwoFactorPolicy> {
  const row = await findSetting(db, TWO_FACTOR_POLICY_KEY);
  const stored = asPolicy(row?.value);
  if (stored) return stored;
  return asPolicy((await insertSettingOnce(db, TWO_FACTOR_POLICY_KEY, initial, DESCRIPTION, now)).value) ?? initial;
}

/**
 * Stores `policy` and marks the sessions of users it now covers who have no second factor as
 * enrolment-only. Returns the ids of those users (their cached sessions must be dropped).
 */
export async function writePolicy(tx: Database, policy: TwoFactorPolicy, now: Date): Promise<string[]> {
  await upsertSetting(tx, { key: TWO_FACTOR_POLICY_KEY, value: policy, description: DESCRIPTION }, now);
  const roles = (['admin', 'technician', 'user'] as Role[]).filter((r) => twoFactorRequiredFor(policy, r));
  if (roles.length === 0) return [];
  const uncovered = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${inArray(users.role, roles)}
        and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.confirmedAt} is not null)
        and not exists (select 1 from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${users.id})`,
    );
  return requireEnrolment(tx, uncovered.map((u) => u.id));
}
