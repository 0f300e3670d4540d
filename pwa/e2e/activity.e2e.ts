/**
 * The admin activity log screen (/admin/activity, docs/activity.md) at 390x844 and 1366x768: admin
 * changes made through the API show with who, what and the target, newest first; 'Load more'
 * fetches the next keyset page until every entry is shown once; a technician is refused.
 * `SCREENSHOT_DIR` keeps light and dark screenshots.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACTIVITY_TEXT, MSG, type ActivityPage, type SlaPolicy } from '@portal/shared';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

const RECIPIENTS = Array.from({ length: 52 }, (_, i) => `log${i}@example.com`);

// The browser tests share one app: what this file adds is taken away again (other files count the
// notification recipients and expect no support number saved), and the newest change is an SLA
// policy saved unchanged, which alters nothing another file reads.
beforeAll(async () => {
  await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username: 'activity.tech', password: 'tech-pass-1', role: 'technician' } });
  for (const email of RECIPIENTS) {
    await api('/api/settings/notification-emails', { method: 'POST', token: suite.adminToken, body: { email } });
  }
  const policy = await api<SlaPolicy>('/api/sla-policy', { token: suite.adminToken });
  await api('/api/sla-policy', { method: 'PUT', token: suite.adminToken, body: policy });
});

afterAll(async () => {
  for (const email of RECIPIENTS) {
    await api('/api/settings/notification-emails', { method: 'DELETE', token: suite.adminToken, body: { email } });
  }
});

/** Every entry of the log through the API's keyset pages. */
async function allEntries(): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: ActivityPage = await api<ActivityPage>(`/api/activity?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: suite.adminToken });
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

describe.each(SIZES)('the activity log (%s)', (size) => {
  it('shows admin changes newest first and loads older pages on demand', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/activity');
    await page.getByRole('heading', { name: ACTIVITY_TEXT.title }).waitFor();
    const entries = size === 'desktop' ? page.getByRole('table', { name: ACTIVITY_TEXT.title }).getByRole('row') : page.getByRole('list', { name: ACTIVITY_TEXT.title }).getByRole('listitem');
    const first = entries.nth(size === 'desktop' ? 1 : 0); // newest first (the table's row 0 is its header)
    await first.getByText('Changed the SLA policy').waitFor();
    await first.getByText(size === 'desktop' ? /^admin$/ : /^admin · /).waitFor();
    await shot(page, `activity-${size}`);

    const total = await allEntries();
    expect(total).toBeGreaterThan(50);
    const more = page.getByRole('button', { name: ACTIVITY_TEXT.more });
    // Each click shows the next page once it has arrived (the list grows), then the button again
    // while older entries remain.
    while (await more.isVisible()) {
      const before = await entries.count();
      await more.click();
      await expect.poll(() => entries.count(), { timeout: 15_000 }).toBeGreaterThan(before);
    }
    await entries.filter({ hasText: 'Created user' }).getByText('activity.tech').waitFor();
    const shown = (await entries.count()) - (size === 'desktop' ? 1 : 0); // the table's header row
    expect(shown).toBe(total);
  });

  it('refuses a technician with the admin message', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'activity.tech', 'tech-pass-1');
    await page.goto('/admin/activity');
    await page.getByText(MSG.adminRequired).first().waitFor();
  });
});
