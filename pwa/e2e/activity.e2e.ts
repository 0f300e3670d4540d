/**
 * The admin activity log screen (/admin/activity, docs/activity.md) at 390x844 and 1366x768: admin
 * changes made through the API show with who, what and the target, newest first; 'Load more'
 * fetches the next keyset page until every entry is shown once; a technician is refused.
 * `SCREENSHOT_DIR` keeps light and dark screenshots.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACTIVITY_TEXT, MSG, type ActivityPage } from '@portal/shared';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

beforeAll(async () => {
  await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username: 'activity.tech', password: 'tech-pass-1', role: 'technician' } });
  for (let i = 0; i < 52; i += 1) {
    await api('/api/settings/notification-emails', { method: 'POST', token: suite.adminToken, body: { email: `log${i}@example.com` } });
  }
  await api('/api/settings/system', { method: 'POST', token: suite.adminToken, body: { key: 'support_sms_number', value: '+1 555 010 4444' } });
});

describe.each(SIZES)('the activity log (%s)', (size) => {
  it('shows admin changes newest first and loads older pages on demand', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/activity');
    await page.getByRole('heading', { name: ACTIVITY_TEXT.title }).waitFor();
    const entries = size === 'desktop' ? page.getByRole('table', { name: ACTIVITY_TEXT.title }).getByRole('row') : page.getByRole('list', { name: ACTIVITY_TEXT.title }).getByRole('listitem');
    const first = entries.filter({ hasText: 'Changed setting' }).first();
    await first.getByText('support_sms_number').waitFor();
    await first.getByText(size === 'desktop' ? /^admin$/ : /^admin · /).waitFor();
    expect(await page.getByText('010 4444').count()).toBe(0);
    await shot(page, `activity-${size}`);

    const total = (await api<ActivityPage>('/api/activity?limit=200', { token: suite.adminToken })).items.length;
    expect(total).toBeGreaterThan(50);
    await page.getByRole('button', { name: ACTIVITY_TEXT.more }).click();
    await entries.filter({ hasText: 'Created user' }).getByText('activity.tech').waitFor();
    await page.getByRole('button', { name: ACTIVITY_TEXT.more }).waitFor({ state: 'detached' });
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
