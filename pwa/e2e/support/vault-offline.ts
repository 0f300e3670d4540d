/**
 * Offline vault steps shared by the browser tests (pwa/e2e/vault-offline.e2e.ts).
 */
import type { Page, Request } from 'playwright-core';
import type { VaultDevice } from '@portal/shared';
import { api } from './browser';

/**
 * An admin approves the device, then the phone comes back online (the sync trigger) until its
 * panel counts the customers it holds. Coming back online again is what a technician would do
 * when a pass ran before the approval landed (seen on a slow machine: one pass was not enough).
 * After three tries it fails with what the phone saw: its panel and page text, its stored device
 * state (keys left out) and owner, the server's device record and the phone's API requests.
 */
export async function approveAndSync(page: Page, deviceId: string, adminToken: string): Promise<void> {
  const requests: string[] = [];
  const log = (line: string) => requests.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  const path = (r: Request) => `${r.method()} ${r.url().replace(/^.*\/api\//, '/api/')}`;
  const finished = (r: Request) => r.url().includes('/api/') && void r.response().then((a) => log(`${path(r)} ${a?.status()}`));
  const failed = (r: Request) => r.url().includes('/api/') && log(`${path(r)} failed: ${r.failure()?.errorText}`);
  page.on('requestfinished', finished);
  page.on('requestfailed', failed);
  try {
    await approveAndWait(page, deviceId, adminToken, log, requests);
  } finally {
    page.off('requestfinished', finished);
    page.off('requestfailed', failed);
  }
}

/** The approval and the tries of {@link approveAndSync}; `log` adds a line to `requests`, which a failure prints. */
async function approveAndWait(page: Page, deviceId: string, adminToken: string, log: (line: string) => void, requests: string[]): Promise<void> {
  await api(`/api/vault-devices/${deviceId}/approve`, { method: 'POST', token: adminToken });
  log('approved');
  const synced = page.getByText(/[1-9]\d* customers? on this device/).first();
  for (let attempt = 1; ; attempt++) {
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    log(`online again (attempt ${attempt})`);
    try {
      await synced.waitFor({ timeout: 15_000 });
      return;
    } catch (err) {
      if (attempt === 3) {
        // Say what the phone saw: its panel, the sync line, its stored device state and its requests.
        const panel = await page.getByRole('region', { name: 'Offline access' }).first().innerText().catch((e: Error) => e.message);
        const stored = await page.evaluate(async () => {
          const db = await new Promise<IDBDatabase>((ok, no) => Object.assign(indexedDB.open('portal-offline'), { onsuccess(this: IDBRequest<IDBDatabase>) { ok(this.result); }, onerror: no }));
          const rows = await new Promise<unknown[]>((ok) => Object.assign(db.transaction('records').objectStore('records').getAll(), { onsuccess(this: IDBRequest<unknown[]>) { ok(this.result); } }));
          const meta = await new Promise<unknown[]>((ok) => Object.assign(db.transaction('meta').objectStore('meta').getAll(), { onsuccess(this: IDBRequest<unknown[]>) { ok(this.result); } }));
          const device = rows.filter((r) => (r as { collection: string }).collection === 'vaultDevice').map((r) => {
            const { data } = r as { data: Record<string, unknown> };
            return { ...data, passphrase: undefined, prf: undefined, kdf: undefined };
          });
          return { device, meta };
        }).catch((e: Error) => e.message);
        const body = (await page.evaluate(() => document.body.innerText).catch((e: Error) => e.message)).slice(0, 1500);
        const devices = await api<VaultDevice[]>('/api/vault-devices', { token: adminToken });
        throw new Error(
          `${(err as Error).message}\npanel: ${panel}\npage: ${body}\nstored: ${JSON.stringify(stored)}\nserver: ${JSON.stringify(devices.find((d) => d.id === deviceId))}\nrequests:\n${requests.join('\n')}`,
          { cause: err },
        );
      }
    }
  }
}
