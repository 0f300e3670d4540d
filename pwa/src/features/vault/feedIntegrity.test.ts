/**
 * An integrity failure on the device feed (500 `integrity_failed`: the server cannot open this
 * device's bundle key or a secret, e.g. after a key rotation that missed it) wipes the offline copy
 * and notes why, instead of retrying forever; any other server error keeps the copy for a retry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpResponse, Transport } from '../../lib/http';
import { registerOfflineFeature } from '../../offline';
import { freshDb, pullAll } from '../../offline/model-server.testkit';
import { readOfflineDevice, readWipeNotice, vaultOffline, writeOfflineDevice, type OfflineVaultDevice } from './offline';

const DEVICE = '0b6c7f0e-5d53-4a43-9d7e-0d3a3c8f4a12';
const res = (status: number, body: unknown): HttpResponse => ({ status, body, retryAfterMs: null });
const device: OfflineVaultDevice = {
  format: 1,
  deviceId: DEVICE,
  deviceName: 'Test phone',
  userId: '00000000-0000-4000-8000-0000000000a1',
  grantedAt: new Date().toISOString(),
  lastSyncAt: new Date().toISOString(),
  offlineDays: 7,
  cursor: '0',
  kdf: { salt: 'c2FsdA' } as unknown as OfflineVaultDevice['kdf'],
  passphrase: { iv: 'aXY', wrapped: 'd3JhcHBlZA' } as unknown as OfflineVaultDevice['passphrase'],
  prf: null,
  failedUnlocks: 0,
};

/** The index is empty; the device feed answers `status` with `code`. */
const server =
  (status: number, code: string): Transport =>
  async (req) =>
    req.url.startsWith('/api/vault?since=') ? res(200, { items: [], deleted: [], cursor: '0', more: false }) : res(status, { message: 'Failed', code });

beforeAll(() => registerOfflineFeature(vaultOffline));

describe('device feed integrity failure', () => {
  it('500 integrity_failed wipes the copy and says why; another 500 keeps it', async () => {
    const { db } = freshDb();
    await writeOfflineDevice(db, device);
    expect((await pullAll({ db, transport: server(500, 'internal') })).error).not.toBeNull();
    expect(await readOfflineDevice(db)).not.toBeNull();

    expect((await pullAll({ db, transport: server(500, 'integrity_failed') })).error).toBeNull();
    expect(await readOfflineDevice(db)).toBeNull();
    expect((await readWipeNotice(db))?.reason).toBe('integrity');
    db.close();
  });
});
