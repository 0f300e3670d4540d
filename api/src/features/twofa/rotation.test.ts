import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userTotp } from '../../db/schema';
import { unseal } from '../../lib/keyring-seal';
import { staticKeyring } from '../../lib/vault-keys';
import { startTestApp, type TestApp } from '../../test/app';
import { resealTotpSecrets } from './rotation';
import { enrolledUser } from './twofa.testkit';
import { totpPurpose } from './verify';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vaultKeys: staticKeyring([oldKey]) });
});
afterAll(() => t.close());

describe('vault key rotation of the TOTP secrets', () => {
  it('re-seals every secret under the new key, so it opens once the old key is gone; a broken one is counted', async () => {
    const u = await enrolledUser(t, 'technician');
    const broken = await enrolledUser(t, 'technician');
    await t.db.update(userTotp).set({ secret: (await t.db.select().from(userTotp).where(eq(userTotp.userId, u.id)))[0]!.secret }).where(eq(userTotp.userId, broken.id));
    const rotating = staticKeyring([newKey, oldKey]);
    expect(await resealTotpSecrets(t.db, rotating)).toEqual({ resealed: 1, failed: 1 });
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(unseal(staticKeyring([newKey]), totpPurpose(u.id), row!.secret)).toBe(u.secret);
    expect(await resealTotpSecrets(t.db, rotating)).toEqual({ resealed: 0, failed: 1 });
  });
});
