/**
 * Scheduled backups (docs/backup.md "Scheduled backups"), in-process: the admin's setting (GET and
 * PUT /api/admin/backup..., validation, admin only), one backup per day claimed across callers, the
 * archives beyond "keep" removed, and the last backup in the admin's GET /api/health.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '@portal/shared';
import { loadVaultKeyring } from '../../lib/vault-keys';
import { createStorage } from '../../storage';
import { startTestApp, type TestApp } from '../../test/app';
import { readHeader } from './restore';
import { scheduledBackupTick } from './app-backups';

const PASSPHRASE = 'scheduled backup passphrase';
const DAY = 24 * 3_600_000;
let t: TestApp;
let dir: string;
let admin: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backups-'));
  t = await startTestApp({ env: { BACKUP_PASSPHRASE: PASSPHRASE, BACKUP_DIR: dir } });
  admin = (await t.loginAs('admin')).token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const services = () => ({ config: t.config, db: t.db, storage: createStorage(t.config.storage), vaultKeys: loadVaultKeyring(t.config), clock: t.clock.now, logger: t.logger });
const archives = () => fs.readdirSync(dir).filter((n) => n.endsWith('.backup')).sort();

describe('scheduled backups', () => {
  it('the setting: off by default, admin only, validated, saved', async () => {
    const first = await t.request<BackupOverview>('GET', '/api/admin/backup', { token: admin });
    expect(first.body).toEqual({ schedule: { enabled: false, keep: 7 }, last: null, passphraseSet: true, dir });
    expect(JSON.stringify(first.body)).not.toContain(PASSPHRASE);
    const tech = (await t.loginAs('technician')).token;
    expect((await t.request('PUT', '/api/admin/backup/schedule', { token: tech, body: { enabled: true, keep: 2 } })).status).toBe(403);
    const bad = await t.request('PUT', '/api/admin/backup/schedule', { token: admin, body: { enabled: true, keep: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.keep).toEqual(['Keep at least 1 backup.']);
    expect(await scheduledBackupTick(services())).toBeNull(); // still off: no backup
    const saved = await t.request<BackupOverview>('PUT', '/api/admin/backup/schedule', { token: admin, body: { enabled: true, keep: 2 } });
    expect(saved.status).toBe(200);
    expect(saved.body.schedule).toEqual({ enabled: true, keep: 2 });
  });

  it('one backup per day whoever checks, the oldest beyond "keep" removed, the last one in health', { timeout: 120_000 }, async () => {
    await t.createTicket({ clientName: 'Scheduled Backup Customer' });
    const [a, b] = await Promise.all([scheduledBackupTick(services()), scheduledBackupTick(services())]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(archives()).toHaveLength(1);
    expect(await scheduledBackupTick(services())).toBeNull(); // same day: claimed already
    const { header } = await readHeader(path.join(dir, archives()[0]!), PASSPHRASE);
    expect(header.secrets.kdf.name).toBe('scrypt'); // and the passphrase opened it

    for (let day = 1; day <= 2; day++) {
      t.clock.advance(DAY);
      expect(await scheduledBackupTick(services())).not.toBeNull();
    }
    const kept = archives();
    expect(kept).toHaveLength(2);
    expect(kept.every((n) => /^portal-\d{8}-\d{6}\.backup$/.test(n))).toBe(true);

    const health = await t.request('GET', '/api/health', { token: admin });
    expect(health.body.details.lastBackup).toMatchObject({ ok: true, trigger: 'schedule', file: kept[1], message: null });
    expect(health.body.details.lastBackup.bytes).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    const overview = await t.request<BackupOverview>('GET', '/api/admin/backup', { token: admin });
    expect(overview.body.last?.file).toBe(kept[1]);
  });
});
