/**
 * Offline vault steps shared by the browser tests (pwa/e2e/vault-offline.e2e.ts).
 */
import type { Page, Request } from 'playwright-core';
import type { VaultDevice } from '@portal/shared';
import { api, dumpIndexedDb } from './browser';

/**
 * An admin approves the device, then the phone comes back online (the sync trigger) until its
 * panel counts the customers it holds. Coming back online again is what a technician would do
 * when a pass ran before the approval landed (seen on a slow machine: one pass was not enough).
 * After three tries it fails with what the phone saw: its page text, its stored device state (keys
 * left out) and owner, the server's device record and the phone's API requests.
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
        if (attempt === 3) throw new Error(`${(err as Error).message}\n${await whatThePhoneSaw(page, deviceId, adminToken)}\nrequests:\n${requests.join('\n')}`, { cause: err });
      }
    }
  } finally {
    page.off('requestfinished', finished);
    page.off('requestfailed', failed);
  }
}

/**
 * Waits for `text` on the page, or fails with what the phone saw instead (see {@link whatThePhoneSaw}):
 * for a step whose only trace is a line of text (e.g. the wrong-passphrase count after an offline unlock).
 */
export async function waitForPhoneText(page: Page, text: string, deviceId: string, adminToken: string, timeout = 30_000): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout });
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${await whatThePhoneSaw(page, deviceId, adminToken)}`, { cause: err });
  }
}

/** The page's text, its stored vault device state (wrapped keys left out) and owner, and the server's device record. */
async function whatThePhoneSaw(page: Page, deviceId: string, adminToken: string): Promise<string> {
  const body = (await page.evaluate(() => document.body.innerText).catch((e: Error) => e.message)).slice(0, 1500);
  const stored = await dumpIndexedDb(page)
    .then((text) => {
      const dump = JSON.parse(text) as Record<string, { collection?: string; data?: Record<string, unknown> }[]>;
      const device = (dump['portal-offline/records'] ?? []).filter((r) => r.collection === 'vaultDevice').map((r) => ({ ...r.data, passphrase: undefined, prf: undefined, kdf: undefined }));
      return JSON.stringify({ device, meta: dump['portal-offline/meta'] });
    })
    .catch((e: Error) => e.message);
  const server = (await api<VaultDevice[]>('/api/vault-devices', { token: adminToken })).find((d) => d.id === deviceId);
  return `page: ${body}\nstored: ${stored}\nserver: ${JSON.stringify(server)}`;
}
