/**
 * SHA-256 on /downloads (docs/api.md "GET /api/downloads/checksums") at 390x844 and 1366x768: each built-in entry
 * and an uploaded installer show the SHA-256 of the very bytes their download serves.
 * `SCREENSHOT_DIR` keeps light and dark screenshots.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const installer = Buffer.alloc(40_000, 0x41);
installer.write('MZ', 0, 'latin1');
installer.writeUInt32LE(0x80, 0x3c);
installer.write('PE\0\0', 0x80, 'latin1');

beforeAll(async () => {
  const form = new FormData();
  form.append('file', new Blob([installer]), 'checksum-agent.exe');
  const res = await fetch(`${baseURL()}/api/admin/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${suite.adminToken}` }, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  await api('/api/content', {
    method: 'POST',
    token: suite.adminToken,
    body: { title: 'Checksum Agent', type: 'installer', category: 'Support Tools', fileName: 'checksum-agent.exe', platform: 'Windows', version: '1.0' },
  });
});

const served = async (name: string) =>
  sha(Buffer.from(await (await fetch(`${baseURL()}/api/downloads/${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${suite.adminToken}` } })).arrayBuffer()));

describe.each(SIZES)('checksums on /downloads (%s)', (size) => {
  it('shows the SHA-256 of what each download serves', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/downloads');
    for (const name of ['customer-portal.html', 'system-info-collector.ps1', 'checksum-agent.exe']) {
      const row = page.getByTestId(`tool-${name}`);
      await row.getByText(/^SHA-256:/).waitFor();
      expect(await row.locator('.tool-sha code').textContent(), name).toBe(await served(name));
    }
    expect(await served('checksum-agent.exe')).toBe(sha(installer));
    await page.getByTestId('tool-checksum-agent.exe').scrollIntoViewIfNeeded();
    await shot(page, `downloads-sha-${size}`);
  });
});
