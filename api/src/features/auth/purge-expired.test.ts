import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_RETENTION_DAYS, purgeExpired } from '../../db/maintenance';
import { idempotencyKeys, sessions } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { createSession } from './sessions';
import { insertUser } from '../users/repository';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('purgeExpired', () => {
  it('removes expired sessions and idempotency keys past the retention, keeping the rest', async () => {
    const { db } = handle;
    const now = new Date('2030-01-31T00:00:00Z');
    const user = await insertUser(db, { username: 'u', passwordHash: 'x', email: null, role: 'user', createdAt: now });
    await createSession(db, user!.id, new Date(now.getTime() - 3 * 3_600_000), 1); // expired
    const live = await createSession(db, user!.id, now, 1);
    const old = new Date(now.getTime() - (IDEMPOTENCY_RETENTION_DAYS + 1) * 86_400_000);
    await db.insert(idempotencyKeys).values([
      { key: randomUUID(), userId: null, fingerprint: 'f', statusCode: 201, responseBody: {}, createdAt: old },
      { key: randomUUID(), userId: null, fingerprint: 'f', statusCode: 201, responseBody: {}, createdAt: now },
    ]);
    expect(await purgeExpired(db, now)).toEqual({ sessions: 1, idempotencyKeys: 1 });
    expect((await db.select().from(sessions)).map((s) => s.id)).toEqual([live.sessionId]);
    expect(await db.select().from(idempotencyKeys)).toHaveLength(1);
  });
});
