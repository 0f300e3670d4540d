/**
 * A first month of real use (issue 56 item 12, "sizes like '334 Bytes'"), at 390x844 and 1366x768:
 * /admin/file-management lists a 334-byte file as '334 bytes' and a 1-byte file as '1 byte' (lower
 * case inside a sentence, the singular for one), never 'Bytes'. Set SCREENSHOT_DIR to also save the
 * screen light and dark.
 */
import { describe, expect, inject, it } from 'vitest';
import { SIZES, baseURL, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

/** Uploads `bytes` bytes as `name` through the admin API (201). */
async function upload(name: string, bytes: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes).fill(65)]), name);
  const res = await fetch(`${baseURL()}/api/admin/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${suite.adminToken}` }, body: form });
  expect(res.status).toBe(201);
}

describe.each(SIZES)('file sizes at %s size (item 12)', (size) => {
  it("says '334 bytes' and '1 byte', never 'Bytes'", async () => {
    await upload(`readme-334-${size}.txt`, 334);
    await upload(`one-byte-${size}.txt`, 1);
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/file-management');
    const row = (name: string) => (size === 'desktop' ? page.getByRole('row', { name: new RegExp(name) }) : page.getByRole('listitem').filter({ hasText: name }));
    await row(`readme-334-${size}`).getByText(/\b334 bytes\b/).first().waitFor();
    await row(`one-byte-${size}`).getByText(/\b1 byte\b/).first().waitFor();
    expect(await page.locator('.files-page').innerText()).not.toMatch(/Bytes?\b/);
    await shot(page, `first-month-file-sizes-${size}`);
  });
});
