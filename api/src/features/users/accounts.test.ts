/**
 * Account rules: an admin's password reset signs the user out
 * everywhere (sessions and their push subscriptions), and the last admin can be neither demoted nor
 * deleted; a refused request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@portal/shared';
import { pushSubscriptions, sessions, users } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const loginToken = async (username: string, password: string) =>
  (await t.request('POST', '/api/auth/login', { body: { username, password } })).body.token as string;

/** Deletes every admin except `keep`, so `keep` is the last one. */
async function onlyAdmin(keep: string): Promise<void> {
  for (const row of await t.db.select().from(users).where(eq(users.role, 'admin'))) {
    if (row.id !== keep) await t.db.update(users).set({ role: 'technician' }).where(eq(users.id, row.id));
  }
}

describe('PATCH /api/users/:id with a password (admin reset)', () => {
  it('revokes every session of that user and their push subscriptions; the new password works', async () => {
    const admin = await t.loginAs('admin');
    const tech = await t.createUser('technician');
    const phone = await loginToken(tech.username, tech.password);
    const laptop = await loginToken(tech.username, tech.password);
    // A public literal address passes the endpoint rules without DNS; nothing is sent in this file.
    const sub = { endpoint: 'https://93.184.215.14/push/reset-test', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    expect((await t.request('POST', '/api/push/subscriptions', { token: phone, body: sub })).status).toBe(201);

    const res = await t.request('PATCH', `/api/users/${tech.id}`, { token: admin.token, body: { password: 'reset-by-admin' } });
    expect(res.status).toBe(200);
    for (const token of [phone, laptop]) expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, tech.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tech.id))).toEqual([]);
    expect((await t.request('POST', '/api/auth/login', { body: { username: tech.username, password: tech.password } })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { username: tech.username, password: 'reset-by-admin' } })).status).toBe(200);
    // The admin who did it stays signed in.
    expect((await t.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('an admin resetting their own password keeps this session and ends their others', async () => {
    const admin = await t.loginAs('admin');
    const other = await loginToken(admin.username, admin.password);
    expect((await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { password: 'my-new-secret' } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(401);
  });

  it('other edits (e-mail, blank password) leave sessions alone', async () => {
    const admin = await t.loginAs('admin');
    const tech = await t.loginAs('technician');
    expect((await t.request('PATCH', `/api/users/${tech.id}`, { token: admin.token, body: { email: 'x@example.com', password: '' } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: tech.token })).status).toBe(200);
  });
});

describe('the last admin', () => {
  it('cannot be demoted (400 under role) and nothing changes; with a second admin it can', async () => {
    const admin = await t.loginAs('admin');
    await onlyAdmin(admin.id);
    const res = await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { role: 'technician', email: 'changed@example.com', password: 'not-applied' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.lastAdminDemote, code: 'validation_failed', fieldErrors: { role: [MSG.lastAdminDemote] } });
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', email: null });
    expect((await t.request('POST', '/api/auth/login', { body: { username: admin.username, password: admin.password } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);

    const second = await t.createUser('admin');
    expect((await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { role: 'technician' } })).status).toBe(200);
    // Now `second` is the last one.
    const secondToken = await loginToken(second.username, second.password);
    expect((await t.request('PATCH', `/api/users/${second.id}`, { token: secondToken, body: { role: 'user' } })).status).toBe(400);
  });

  it('counts only active admins: with the other admin disabled it can be neither demoted nor deleted', async () => {
    const admin = await t.loginAs('admin');
    await onlyAdmin(admin.id);
    const other = await t.createUser('admin');
    expect((await t.request('POST', `/api/users/${other.id}/disable`, { token: admin.token })).status).toBe(200);
    expect((await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { role: 'technician' } })).body).toMatchObject({ message: MSG.lastAdminDemote });
    expect((await t.request('DELETE', `/api/users/${admin.id}`, { token: admin.token })).body).toMatchObject({ message: MSG.lastAdminDelete });
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', disabledAt: null });
    // Enabled again, the other admin counts.
    expect((await t.request('POST', `/api/users/${other.id}/enable`, { token: admin.token })).status).toBe(200);
    expect((await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { role: 'technician' } })).status).toBe(200);
  });

  it('cannot be deleted (400) and nothing changes; keeping the role while editing is allowed', async () => {
    const admin = await t.loginAs('admin');
    await onlyAdmin(admin.id);
    const ticket = await t.createTicket();
    await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: admin.token, body: { assignedTo: admin.id } });
    const res = await t.request('DELETE', `/api/users/${admin.id}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.lastAdminDelete, code: 'validation_failed' });
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    const after = await t.request('GET', `/api/tickets/${ticket.id}`, { token: admin.token });
    expect(after.body).toMatchObject({ assignedTo: admin.id });
    expect((await t.request('PATCH', `/api/users/${admin.id}`, { token: admin.token, body: { role: 'admin', email: 'still@example.com' } })).status).toBe(200);
  });

  it('concurrent demotions of the last two admins leave one admin', async () => {
    const a = await t.loginAs('admin');
    await onlyAdmin(a.id);
    const b = await t.createUser('admin');
    const results = await Promise.all([
      t.request('PATCH', `/api/users/${a.id}`, { token: a.token, body: { role: 'technician' } }),
      t.request('PATCH', `/api/users/${b.id}`, { token: a.token, body: { role: 'technician' } }),
    ]);
    // One demotion wins; the other is refused (400, or 403 when the caller was demoted first).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.map((r) => r.status).sort()[1]).toBeOneOf([400, 403]);
    expect(await t.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });
});
