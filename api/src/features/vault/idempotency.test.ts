/**
 * Idempotent vault writes with secrets (routes.ts fingerprintBody): a retry with the same
 * Idempotency-Key and the same body replays the answer; the same key with a CHANGED secret is 422
 * "reused for a different request" and stores nothing (before, a masked fingerprint matched and the
 * retry reported success while keeping the first value). The stored fingerprint holds no secret.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VaultEntry } from '@portal/shared';
import { useVaultApp } from './vault.testkit';

const v = useVaultApp();

describe('Idempotency-Key on vault writes', () => {
  it('replays the same body, refuses a changed secret with 422, and never stores the secret in the fingerprint', async () => {
    const key = randomUUID();
    const post = (wifiPassword: string) =>
      v.t.request<VaultEntry>('POST', '/api/vault', { token: v.tech.token, body: { businessName: 'Retry Co', wifiPassword: wifiPassword }, headers: { 'Idempotency-Key': key } });
    const first = await post('New-W1fi-Pass-2');
    expect(first.status, first.text).toBe(201);
    const replay = await post('New-W1fi-Pass-2');
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    const changed = await post('Explode-S3cret');
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ message: 'Idempotency-Key reused for a different request' });
    const shown = await v.t.request('POST', `/api/vault/${first.body.id}/reveal`, { token: v.tech.token, body: { field: 'wifiPassword' } });
    expect(shown.body.value).toBe('New-W1fi-Pass-2');
    const stored = await v.rowsOf<{ fingerprint: string }>(sql`select fingerprint from idempotency_keys where key = ${key}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.fingerprint).not.toContain('New-W1fi-Pass-2');
  });
});
