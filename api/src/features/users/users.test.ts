import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, renderReply, replyContextFor } from '@portal/shared';
import type { PublicUser, Ticket, TicketUpdateEntry } from '@portal/shared';
import { startTestApp, TEST_ARGON2, type TestApp } from '../../test/app';
import { createPasswordHasher } from '../../lib/passwords';
import { ensureAdminUser } from './bootstrap';
import { findUserByUsername } from './repository';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.loginAs('admin', { username: 'admin' })).token;
});
afterAll(() => t.close());

const login = (username: string, password: string) => t.request('POST', '/api/auth/login', { body: { username, password } });

describe('user management (admin only; SPEC.md 2, 5)', () => {
  it('creates a user without exposing the password, and the user can log in', async () => {
    const res = await t.request<PublicUser>('POST', '/api/users', {
      token: admin,
      body: { username: 'new-tech', password: 'pw123456', email: 'nt@example.com', role: 'technician' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), username: 'new-tech', email: 'nt@example.com', phone: null, role: 'technician', createdAt: expect.any(String), disabled: false, lastSignInAt: null });
    expect((await login('new-tech', 'pw123456')).status).toBe(200);
    const list = await t.request<PublicUser[]>('GET', '/api/users', { token: admin });
    expect(list.body.map((u) => u.username)).toContain('new-tech');
    expect(list.text).not.toMatch(/argon2|password/);
  });

  it('defaults the role to user and treats a blank email as none', async () => {
    const res = await t.request<PublicUser>('POST', '/api/users', { token: admin, body: { username: 'plain', password: 'pw', email: '' } });
    expect(res.body).toMatchObject({ role: 'user', email: null });
  });

  it('validates with SPEC.md 5 messages', async () => {
    const res = await t.request('POST', '/api/users', { token: admin, body: { username: '', password: '', email: 'bad', role: 'boss' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      username: [MSG.usernameRequired],
      password: [MSG.passwordRequired],
      email: [MSG.emailInvalid],
      role: [MSG.roleInvalid],
    });
  });

  it("stores a staff member's own phone, which fills {{technician.phone}} (else the support number)", async () => {
    const tech = await t.loginAs('technician', { username: 'phone-tech' });
    const bad = await t.request('PATCH', `/api/users/${tech.id}`, { token: admin, body: { phone: 'call me' } });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string[]> }).fieldErrors.phone).toEqual([MSG.phoneNumberInvalid]);
    const res = await t.request<PublicUser>('PATCH', `/api/users/${tech.id}`, { token: admin, body: { phone: ' +1 (555) 010-0177 ' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.phone).toBe('+1 (555) 010-0177');
    // The signed-in technician's own user (what the phone keeps) carries it; the reply fills from it.
    const me = (await t.request<{ user: PublicUser }>('GET', '/api/auth/me', { token: tech.token })).body.user;
    expect(me.phone).toBe('+1 (555) 010-0177');
    const fill = (u: PublicUser) =>
      renderReply('Call me on {{technician.phone}}.', replyContextFor({ ticket: { ticketNumber: 'TKT-000001', clientName: 'Dana', businessName: null }, technician: { name: u.username, phone: u.phone }, supportPhone: '(555) 010-0100' }));
    expect(fill(me)).toBe('Call me on +1 (555) 010-0177.');
    // An e-mail edit leaves the phone; '' clears it and the support number fills the variable.
    await t.request('PATCH', `/api/users/${tech.id}`, { token: admin, body: { email: 'pt@example.com' } });
    expect((await t.request<{ user: PublicUser }>('GET', '/api/auth/me', { token: tech.token })).body.user.phone).toBe('+1 (555) 010-0177');
    await t.request('PATCH', `/api/users/${tech.id}`, { token: admin, body: { phone: '' } });
    const cleared = (await t.request<{ user: PublicUser }>('GET', '/api/auth/me', { token: tech.token })).body.user;
    expect(cleared.phone).toBeNull();
    expect(fill(cleared)).toBe('Call me on (555) 010-0100.');
  });

  it('lets the signed-in person set their own phone (PATCH /api/auth/me), nothing else', async () => {
    const tech = await t.loginAs('technician', { username: 'self-phone' });
    expect((await t.request('PATCH', '/api/auth/me', { token: tech.token, body: { phone: 'x' } })).status).toBe(400);
    const res = await t.request<{ user: PublicUser }>('PATCH', '/api/auth/me', { token: tech.token, body: { phone: '555 0188', role: 'admin' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ phone: '555 0188', role: 'technician' });
    expect((await t.request<{ user: PublicUser }>('GET', '/api/auth/me', { token: tech.token })).body.user.phone).toBe('555 0188');
    expect((await t.request('PATCH', '/api/auth/me', { body: { phone: '1' } })).status).toBe(401);
  });

  it('refuses a duplicate username with 409', async () => {
    await t.createUser('user', { username: 'taken' });
    const res = await t.request('POST', '/api/users', { token: admin, body: { username: 'taken', password: 'pw' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', message: MSG.usernameTaken });
  });

  it('updates only the sent fields; a blank password keeps the current one', async () => {
    const u = await t.createUser('user', { email: 'keep@example.com' });
    const res = await t.request<PublicUser>('PATCH', `/api/users/${u.id}`, { token: admin, body: { role: 'technician', password: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'technician', email: 'keep@example.com', username: u.username });
    expect((await login(u.username, u.password)).status).toBe(200);

    await t.request('PATCH', `/api/users/${u.id}`, { token: admin, body: { password: 'changed-pw', email: null } });
    expect((await login(u.username, 'changed-pw')).status).toBe(200);
    const row = await findUserByUsername(t.db, u.username);
    expect(row?.email).toBeNull();
  });

  it('refuses renaming onto an existing username, and 404 for unknown users', async () => {
    const a = await t.createUser('user');
    const b = await t.createUser('user');
    const res = await t.request('PATCH', `/api/users/${a.id}`, { token: admin, body: { username: b.username } });
    expect(res.status).toBe(409);
    const missing = await t.request('PATCH', '/api/users/00000000-0000-4000-8000-000000000000', { token: admin, body: {} });
    expect(missing.body).toEqual({ message: MSG.userNotFound, code: 'not_found' });
  });

  it('never deletes the admin user', async () => {
    const adminRow = await findUserByUsername(t.db, 'admin');
    const res = await t.request('DELETE', `/api/users/${adminRow!.id}`, { token: admin });
    expect(res.status).toBe(400);
    expect(await findUserByUsername(t.db, 'admin')).toBeDefined();
  });

  it('deleting a user unassigns their tickets (new version) and keeps their work history', async () => {
    const tech = await t.loginAs('technician');
    const ticket = await t.createTicket();
    await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: tech.token, body: { assignedTo: tech.id, comment: 'mine' } });
    const res = await t.request('DELETE', `/api/users/${tech.id}`, { token: admin });
    expect(res.status).toBe(204);
    expect((await t.request('GET', '/api/users', { token: admin })).body.map((u: PublicUser) => u.id)).not.toContain(tech.id);

    const after = await t.request<Ticket>('GET', `/api/tickets/${ticket.id}`, { token: admin });
    expect(after.body).toMatchObject({ assignedTo: null, version: 3 });
    const history = await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${ticket.id}`, { token: admin });
    expect(history.body.map((u) => u.updateType)).toEqual(expect.arrayContaining(['created', 'assignment', 'comment']));
    expect(history.body.find((u) => u.comment === 'mine')).toMatchObject({ updatedBy: null });
    expect(history.body[0]).toMatchObject({ updateType: 'assignment', previousValue: tech.username, newValue: null });
    expect((await t.request('GET', '/api/auth/me', { token: tech.token })).status).toBe(401);
  });
});

describe('bootstrap admin (DESIGN.md 4a)', () => {
  it('creates admin once with a generated password, never again', async () => {
    const other = await startTestApp();
    try {
      const hasher = createPasswordHasher(TEST_ARGON2);
      const first = await ensureAdminUser(other.db, hasher, undefined, new Date());
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
      expect((await other.request('POST', '/api/auth/login', { body: { username: 'admin', password: first.generatedPassword } })).body.user.role).toBe('admin');
      expect(await ensureAdminUser(other.db, hasher, 'ignored-now', new Date())).toEqual({ created: false });
    } finally {
      await other.close();
    }
  });

  it('uses ADMIN_PASSWORD when given and does not reveal it', async () => {
    const other = await startTestApp();
    try {
      const result = await ensureAdminUser(other.db, createPasswordHasher(TEST_ARGON2), 'configured-pw', new Date());
      expect(result).toEqual({ created: true });
      expect((await other.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'configured-pw' } })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
