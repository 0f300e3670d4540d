/**
 * The admin activity log over HTTP (docs/activity.md): each successful admin change to users,
 * settings, content and files leaves one entry naming the admin, the action and its target (never a
 * setting's value or a password); refused requests leave none; GET /api/activity pages newest first
 * with a keyset cursor, admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage, ContentItem, ManagedUser } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { fakeExe, uploadFile } from '../../test/upload';
import { event, type DomainEvent } from '../../events';
import { LOGGED_EVENTS, entryOf } from './events';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let tech: Awaited<ReturnType<TestApp['loginAs']>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'log-admin' });
  tech = await t.loginAs('technician');
});
afterAll(() => t.close());

/** Requests one second apart on the test clock, so the log's order is the order of the requests. */
const at = <T>(p: () => Promise<T>) => {
  t.clock.advance(1000);
  return p();
};
const page = (query = '', token = admin.token) => t.request<ActivityPage>('GET', `/api/activity${query}`, { token });
const latest = async (n: number) => (await page(`?limit=${n}`)).body.items.map((e) => [e.area, e.action, e.target]);

describe('what is logged', () => {
  it('records user changes with the admin and the username, a password reset without the password', async () => {
    const created = await at(() => t.request<ManagedUser>('POST', '/api/users', { token: admin.token, body: { username: 'logged-user', password: 'first-pass-1', role: 'technician' } }));
    const id = created.body.id;
    await at(() => t.request('PATCH', `/api/users/${id}`, { token: admin.token, body: { password: 'second-pass-2' } }));
    await at(() => t.request('POST', `/api/users/${id}/disable`, { token: admin.token }));
    await at(() => t.request('POST', `/api/users/${id}/enable`, { token: admin.token }));
    await at(() => t.request('DELETE', `/api/users/${id}`, { token: admin.token }));
    expect(await latest(5)).toEqual([
      ['users', 'Deleted user', 'logged-user'],
      ['users', 'Enabled user', 'logged-user'],
      ['users', 'Disabled user', 'logged-user'],
      ['users', 'Updated user and reset the password', 'logged-user'],
      ['users', 'Created user', 'logged-user'],
    ]);
    const [entry] = (await page('?limit=1')).body.items as [ActivityEntry];
    expect(entry).toMatchObject({ actorId: admin.id, actorName: 'log-admin', createdAt: t.clock.now().toISOString() });
    expect(JSON.stringify((await page()).body)).not.toMatch(/first-pass|second-pass/);
  });

  it('records settings by key (never the value), content by title and files by name', async () => {
    await at(() => t.request('POST', '/api/settings/system', { token: admin.token, body: { key: 'support_sms_number', value: '+1 555 010 9999' } }));
    await at(() => t.request('POST', '/api/settings/notification-emails', { token: admin.token, body: { email: 'boss@example.com' } }));
    await at(() => uploadFile(t.url, 'logged-agent.exe', fakeExe(), { token: admin.token }));
    const item = await at(() => t.request<ContentItem>('POST', '/api/content', {
      token: admin.token,
      body: { title: 'Logged Agent', type: 'installer', category: 'Support Tools', fileName: 'logged-agent.exe', platform: 'Windows' },
    }));
    expect(item.status, item.text).toBe(201);
    await at(() => t.request('DELETE', `/api/content/${item.body.id}`, { token: admin.token }));
    await at(() => t.request('DELETE', `/api/admin/files/${encodeURIComponent('logged-agent.exe')}`, { token: admin.token }));
    expect(await latest(6)).toEqual([
      ['files', 'Deleted file', 'logged-agent.exe'],
      ['content', 'Deleted content', 'Logged Agent'],
      ['content', 'Created content', 'Logged Agent'],
      ['files', 'Uploaded file', 'logged-agent.exe'],
      ['settings', 'Added notification recipient', 'boss@example.com'],
      ['settings', 'Changed setting', 'support_sms_number'],
    ]);
    expect(JSON.stringify((await page()).body)).not.toContain('010 9999');
  });

  it('records nothing for refused requests nor for reads', async () => {
    const before = (await page('?limit=200')).body.items.length;
    expect((await t.request('POST', '/api/users', { token: admin.token, body: { username: '', password: '' } })).status).toBe(400);
    expect((await t.request('POST', '/api/users', { token: tech.token, body: { username: 'sneaky', password: 'pw' } })).status).toBe(403);
    expect((await t.request('DELETE', '/api/users/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
    await at(() => t.request('GET', '/api/users', { token: admin.token }));
    expect((await page('?limit=200')).body.items.length).toBe(before);
  });
});

describe('GET /api/activity', () => {
  it('pages newest first with a keyset cursor, without gaps or repeats', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.request('POST', '/api/settings/notification-emails', { token: admin.token, body: { email: `page${i}@example.com` } });
    }
    const all = (await page('?limit=200')).body.items;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: ActivityPage } = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((e) => e.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('is for admins only and refuses a malformed cursor', async () => {
    expect((await page('', tech.token)).status).toBe(403);
    expect((await t.request('GET', '/api/activity')).status).toBe(401);
    const bad = await page('?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect((await page('?limit=0')).status).toBe(400);
  });
});

describe('the events the log records (features/activity/events.ts)', () => {
  it('names every admin change logged before it was an event subscriber, and the new ones', () => {
    const at = new Date();
    const by = { id: '00000000-0000-0000-0000-000000000001', username: 'log-admin' };
    const u = { userId: '00000000-0000-0000-0000-000000000002', username: 'someone' };
    const all: DomainEvent[] = [
      event('user.created', { ...u, role: 'technician' }, at, by),
      event('user.updated', { ...u, passwordReset: false }, at, by),
      event('user.updated', { ...u, passwordReset: true }, at, by),
      event('user.deleting', u, at, by),
      event('user.disabled', u, at, by),
      event('user.enabled', u, at, by),
      event('user.login_unlocked', u, at, by),
      event('user.second_factor_reset', u, at, by),
      event('settings.changed', { area: 'system', key: 'support_sms_number', action: 'set' }, at, by),
      event('settings.changed', { area: 'notification_emails', key: 'a@b.test', action: 'added' }, at, by),
      event('settings.changed', { area: 'notification_emails', key: 'a@b.test', action: 'removed' }, at, by),
      event('settings.changed', { area: 'sla_policy', key: null, action: 'set' }, at, by),
      event('settings.changed', { area: 'two_factor_policy', key: null, action: 'set' }, at, by),
      event('content.changed', { contentId: u.userId, action: 'created', title: 'T' }, at, by),
      event('content.changed', { contentId: u.userId, action: 'updated', title: 'T' }, at, by),
      event('content.changed', { contentId: u.userId, action: 'deleted', title: 'T' }, at, by),
      event('file.changed', { name: 'f.zip', action: 'uploaded' }, at, by),
      event('file.changed', { name: 'f.zip', action: 'replaced' }, at, by),
      event('file.changed', { name: 'f.zip', action: 'deleted' }, at, by),
    ];
    expect(all.map((e) => entryOf(e)?.action)).toEqual([
      'Created user',
      'Updated user',
      'Updated user and reset the password',
      'Deleted user',
      'Disabled user',
      'Enabled user',
      'Unlocked sign-in',
      'Reset two-factor sign-in',
      'Changed setting',
      'Added notification recipient',
      'Removed notification recipient',
      'Changed the SLA policy',
      'Changed the two-factor policy',
      'Created content',
      'Updated content',
      'Deleted content',
      'Uploaded file',
      'Replaced file',
      'Deleted file',
    ]);
    expect(new Set(all.map((e) => e.name))).toEqual(new Set(LOGGED_EVENTS));
    // A user's own changes and the customers' are not admin changes.
    expect(entryOf(event('user.password_changed', { ...u, keepSessionId: null }, at, by))).toBeNull();
    expect(entryOf(event('vault.entry_changed', { entryId: u.userId, action: 'created', businessName: 'B' }, at, by))).toBeNull();
  });
});
