/**
 * Key rotation of the TOTP secrets (README "Two-factor authentication"; the vault's
 * `npm run vault:rotate-key`, features/vault/rotation.ts, calls this before it drops old keys):
 * every authenticator app secret sealed under another key than the current one is opened and sealed
 * again under the current key, one row per statement (a stop half-way leaves every row readable).
 * A secret that does not open is counted, never dropped: the old keys must then stay.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userTotp } from '../../db/schema';
import { SealError, seal, unseal } from '../../lib/keyring-seal';
import type { VaultKeyring } from '../../lib/vault-keys';
import { totpPurpose } from './verify';

/** Re-seals every TOTP secret under the keyring's current key; how many were, and how many failed. */
export async function resealTotpSecrets(db: Database, keys: VaultKeyring): Promise<{ resealed: number; failed: number }> {
  const prefix = `v1:${keys.current().id}:`;
  const rows = await db
    .select({ userId: userTotp.userId, secret: userTotp.secret })
    .from(userTotp)
    .where(not(sql`starts_with(${userTotp.secret}, ${prefix})`));
  let resealed = 0;
  let failed = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = unseal(keys, totpPurpose(row.userId), row.secret);
    } catch (err) {
      if (!(err instanceof SealError)) throw err;
      failed += 1;
      continue;
    }
    // Only if unchanged meanwhile (the user may have set up a new app during the rotation).
    const done = await db
      .update(userTotp)
      .set({ secret: seal(keys, totpPurpose(row.userId), plain) })
      .where(and(eq(userTotp.userId, row.userId), eq(userTotp.secret, row.secret)))
      .returning({ userId: userTotp.userId });
    resealed += done.length;
  }
  return { resealed, failed };
}
