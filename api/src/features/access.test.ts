/**
 * The role matrix of DESIGN.md 4, route by route: anonymous, user, technician and admin against
 * every API route. Allowed calls must pass the gate (no 401/403, no 5xx); denied calls answer 401
 * `unauthenticated` without a session and 403 `forbidden` with the wrong role. A route read from
 * the app's routers without a row here fails "has a row for every route".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Role } from '@portal/shared';
import { startTestApp, ticketBody, type TestApp } from '../test/app';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'user', 'technician', 'admin'];
const ANY: Caller[] = CALLERS;
const LOGGED_IN: Caller[] = ['user', 'technician', 'admin'];
const STAFF: Caller[] = ['technician', 'admin'];
const ADMIN: Caller[] = ['admin'];

interface RouteCase {
  method: string;
  /** `{ticket}` becomes an existing ticket id, `{uuid}` a random id. */
  path: string;
  body?: unknown;
  allowed: Caller[];
}

let t: TestApp;
let ticketId = '';

// Bodies are chosen so allowed calls have no lasting effect (validation errors or unknown ids).
const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/health', allowed: ANY },
  { method: 'GET', path: '/api/health/live', allowed: ANY },
  { method: 'HEAD', path: '/api/health/live', allowed: ANY },
  { method: 'GET', path: '/api/config', allowed: ANY },
  { method: 'POST', path: '/api/auth/login', body: {}, allowed: ANY },
  { method: 'POST', path: '/api/tickets', body: ticketBody(), allowed: ANY },
  // Staff create (issue 51): an empty body answers 400.
  { method: 'POST', path: '/api/tickets/staff', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/auth/me', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/logout', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/change-password', body: {}, allowed: LOGGED_IN },
  { method: 'PATCH', path: '/api/auth/me', body: {}, allowed: LOGGED_IN },
  { method: 'GET', path: '/api/tickets', allowed: STAFF },
  { method: 'GET', path: '/api/tickets?since=0', allowed: STAFF },
  { method: 'GET', path: '/api/tickets/list?limit=5', allowed: STAFF },
  { method: 'GET', path: '/api/tickets/counts', allowed: STAFF },
  { method: 'GET', path: '/api/tickets/{ticket}', allowed: STAFF },
  { method: 'GET', path: '/api/tickets/export.csv?from=2026-01-01&to=2026-01-02', allowed: STAFF },
  { method: 'PATCH', path: '/api/tickets/{ticket}', body: { comment: 'matrix' }, allowed: STAFF },
  { method: 'GET', path: '/api/tickets/{ticket}/attachments/{uuid}', allowed: STAFF },
  { method: 'POST', path: '/api/uploads', allowed: ANY },
  { method: 'HEAD', path: '/api/uploads/0123456789abcdef0123456789abcdef', allowed: ANY },
  { method: 'GET', path: '/api/ticket-updates', allowed: STAFF },
  { method: 'GET', path: '/api/sla-policy', allowed: STAFF },
  { method: 'PUT', path: '/api/sla-policy', body: {}, allowed: ADMIN },
  { method: 'POST', path: '/api/tickets/{ticket}/time-entries', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/tickets/{ticket}/time-entries', allowed: STAFF },
  { method: 'GET', path: '/api/time-report?from=2026-01-01&to=2026-01-31', allowed: STAFF },
  { method: 'GET', path: '/api/time-report/entries?from=2026-01-01&to=2026-01-31', allowed: STAFF },
  { method: 'POST', path: '/api/time-report/invoiced', body: {}, allowed: ADMIN },
  { method: 'PATCH', path: '/api/time-entries/{uuid}', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/sla-compliance?from=2026-01-01&to=2026-01-31', allowed: STAFF },
  // Merge (docs/merge.md): an unknown target answers 404, nothing merged.
  { method: 'POST', path: '/api/tickets/{ticket}/merge', body: { intoTicketId: '00000000-0000-4000-8000-000000000000' }, allowed: STAFF },
  { method: 'PATCH', path: '/api/tickets/{uuid}/contact', body: { customerPhone: '+1 555 0199' }, allowed: STAFF },
  { method: 'POST', path: '/api/tickets/{uuid}/status-link', allowed: STAFF },
  { method: 'DELETE', path: '/api/tickets/{uuid}/status-link', allowed: STAFF },
  { method: 'POST', path: '/api/tickets/{uuid}/customer-reply-seen', allowed: STAFF },
  { method: 'GET', path: `/api/ticket-status/${'A'.repeat(43)}`, allowed: ANY },
  { method: 'POST', path: `/api/ticket-status/${'A'.repeat(43)}/replies`, body: { comment: 'matrix' }, allowed: ANY },
  { method: 'GET', path: `/api/ticket-status/${'A'.repeat(43)}/attachments/{uuid}`, allowed: ANY },
  { method: 'GET', path: `/api/ticket-status/${'A'.repeat(43)}/visits/{uuid}/report.pdf`, allowed: ANY },
  { method: 'POST', path: '/api/ticket-status/lookup', body: {}, allowed: ANY },
  { method: 'GET', path: '/api/technicians', allowed: STAFF },
  { method: 'GET', path: '/api/users', allowed: ADMIN },
  { method: 'POST', path: '/api/users', body: {}, allowed: ADMIN },
  { method: 'PATCH', path: '/api/users/{uuid}', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/users/{uuid}', allowed: ADMIN },
  { method: 'POST', path: '/api/users/{uuid}/unlock-login', allowed: ADMIN },
  { method: 'GET', path: '/api/settings/system/support_sms_number', allowed: ADMIN },
  { method: 'POST', path: '/api/settings/system', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/settings/report-branding', allowed: ADMIN },
  { method: 'PUT', path: '/api/settings/report-branding', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/settings/report-branding/logo.jpg', allowed: ADMIN },
  { method: 'GET', path: '/api/settings/notification-emails', allowed: ADMIN },
  { method: 'POST', path: '/api/settings/notification-emails', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/settings/notification-emails', body: {}, allowed: ADMIN },
  // No number is saved in this app, so an allowed call answers 400 and sends nothing.
  { method: 'POST', path: '/api/settings/test-sms', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/settings/inbound-mail', allowed: ADMIN },
  { method: 'POST', path: '/api/settings/inbound-mail/test', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/settings/inbound-mail/failures', allowed: ADMIN },
  { method: 'POST', path: '/api/settings/inbound-mail/failures/{uuid}/retry', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/settings/inbound-mail/failures/{uuid}', allowed: ADMIN },
  { method: 'GET', path: '/api/notifications/deliveries', allowed: ADMIN },
  { method: 'POST', path: '/api/notifications/deliveries/{uuid}/retry', allowed: ADMIN },
  { method: 'GET', path: '/api/push/public-key', allowed: STAFF },
  { method: 'POST', path: '/api/push/subscriptions', body: {}, allowed: STAFF },
  { method: 'DELETE', path: '/api/push/subscriptions', body: {}, allowed: STAFF },
  // Customer Vault: technicians view, create, edit and reveal; only admins delete and read the audit.
  { method: 'GET', path: '/api/vault', allowed: STAFF },
  { method: 'GET', path: '/api/vault?since=0', allowed: STAFF },
  { method: 'GET', path: '/api/vault/audit', allowed: ADMIN },
  { method: 'GET', path: '/api/vault/{uuid}', allowed: STAFF },
  { method: 'POST', path: '/api/vault', body: {}, allowed: STAFF },
  { method: 'PATCH', path: '/api/vault/{uuid}', body: {}, allowed: STAFF },
  { method: 'DELETE', path: '/api/vault/{uuid}', allowed: ADMIN },
  { method: 'POST', path: '/api/vault/{uuid}/reveal', body: { field: 'wifiPassword' }, allowed: STAFF },
  { method: 'POST', path: '/api/vault-devices', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/vault-devices', allowed: ADMIN },
  { method: 'POST', path: '/api/vault-devices/{uuid}/approve', allowed: ADMIN },
  { method: 'GET', path: '/api/vault-devices/{uuid}/secrets', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/vault-devices/{uuid}/reveals', body: {}, allowed: LOGGED_IN },
  { method: 'DELETE', path: '/api/vault-devices/{uuid}', allowed: STAFF },
  // Clients (issue 50): empty bodies answer 400, unknown ids 404.
  { method: 'GET', path: '/api/clients', allowed: STAFF },
  { method: 'GET', path: '/api/clients?since=0', allowed: STAFF },
  { method: 'POST', path: '/api/clients', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/clients/{uuid}', allowed: STAFF },
  { method: 'GET', path: '/api/clients/{uuid}/visits', allowed: STAFF },
  { method: 'GET', path: '/api/clients/from-ticket/{ticket}', allowed: STAFF },
  { method: 'GET', path: '/api/clients/unlinked-tickets', allowed: ADMIN },
  { method: 'PATCH', path: '/api/clients/{uuid}', body: {}, allowed: STAFF },
  { method: 'DELETE', path: '/api/clients/{uuid}', allowed: ADMIN },
  { method: 'POST', path: '/api/clients/{uuid}/contacts', body: {}, allowed: STAFF },
  { method: 'PATCH', path: '/api/clients/{uuid}/contacts/{uuid}', body: {}, allowed: STAFF },
  { method: 'DELETE', path: '/api/clients/{uuid}/contacts/{uuid}', allowed: ADMIN },
  { method: 'POST', path: '/api/clients/{uuid}/sites', body: {}, allowed: STAFF },
  { method: 'PATCH', path: '/api/clients/{uuid}/sites/{uuid}', body: {}, allowed: STAFF },
  { method: 'DELETE', path: '/api/clients/{uuid}/sites/{uuid}', allowed: ADMIN },
  // Assets (issue 53): empty bodies answer 400, unknown ids 404.
  ...['GET /api/assets', 'GET /api/assets?since=0', 'POST /api/assets', 'GET /api/assets/{uuid}', 'GET /api/assets/by-tag/NOPE-1', 'PATCH /api/assets/{uuid}', 'POST /api/assets/import', 'GET /api/assets/export.csv?type=toaster', 'GET /api/assets/labels.pdf'].map((r): RouteCase => {
    const [method, path] = r.split(' ') as [string, string];
    return { method, path, ...(method === 'GET' ? {} : { body: {} }), allowed: STAFF };
  }),
  { method: 'DELETE', path: '/api/assets/{uuid}', allowed: ADMIN },
  // Tags (issue 57 point 3): staff read and add (a technician's new tag needs the setting, checked after the gate); admins edit.
  { method: 'GET', path: '/api/me/notification-preferences', allowed: STAFF },
  { method: 'PUT', path: '/api/me/notification-preferences', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/me/inbox', allowed: STAFF },
  { method: 'POST', path: '/api/me/inbox/read', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/tags', allowed: STAFF },
  { method: 'POST', path: '/api/tags', body: {}, allowed: STAFF },
  { method: 'PUT', path: '/api/tags/settings', body: {}, allowed: ADMIN },
  { method: 'PATCH', path: '/api/tags/{uuid}', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/tags/{uuid}', allowed: ADMIN },
  // Visits (issue 54): an empty body answers 400, an unknown ticket 404.
  { method: 'POST', path: '/api/tickets/{uuid}/visits', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/tickets/{uuid}/visits', allowed: STAFF },
  { method: 'GET', path: '/api/visits/{uuid}/report.pdf', allowed: STAFF },
  { method: 'POST', path: '/api/visits/{uuid}/resend', body: {}, allowed: STAFF },
  // Canned replies, macros, ticket templates (issue 51): staff read and write (personal; shared needs admin, checked after the gate).
  ...['/api/canned-replies', '/api/macros', '/api/ticket-templates'].flatMap((base): RouteCase[] => [
    { method: 'GET', path: base, allowed: STAFF },
    { method: 'GET', path: `${base}?since=0`, allowed: STAFF },
    { method: 'POST', path: base, body: {}, allowed: STAFF },
    { method: 'PATCH', path: `${base}/{uuid}`, body: {}, allowed: STAFF },
    { method: 'DELETE', path: `${base}/{uuid}`, allowed: STAFF },
  ]),
  { method: 'GET', path: '/api/content', allowed: STAFF },
  { method: 'POST', path: '/api/content', body: {}, allowed: ADMIN },
  { method: 'PATCH', path: '/api/content/{uuid}', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/content/{uuid}', allowed: ADMIN },
  // A built-in catalogue file: always there, never changed.
  { method: 'GET', path: '/api/downloads/onsite-service-checklist.pdf', allowed: STAFF },
  { method: 'GET', path: '/api/admin/files', allowed: ADMIN },
  // A JSON body is not an upload: an allowed call answers 400 and stores nothing.
  { method: 'POST', path: '/api/admin/files/upload', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/admin/files/missing.txt', allowed: ADMIN },
  // Backups (docs/backup.md): an empty schedule body answers 400.
  { method: 'GET', path: '/api/admin/backup', allowed: ADMIN },
  { method: 'PUT', path: '/api/admin/backup/schedule', body: {}, allowed: ADMIN },
  // Surveys: the public link check and submit answer 404 / 400 here (no such link, empty body).
  { method: 'GET', path: '/api/surveys/invitation?ticket=TKT-000001&token=x', allowed: ANY },
  { method: 'POST', path: '/api/surveys', body: {}, allowed: ANY },
  { method: 'GET', path: '/api/surveys', allowed: STAFF },
  { method: 'GET', path: '/api/surveys?days=7&limit=5', allowed: STAFF },
  { method: 'GET', path: '/api/surveys/stats', allowed: STAFF },
  { method: 'GET', path: '/api/surveys/stats?days=365', allowed: STAFF },
  { method: 'GET', path: '/api/scheduler?range=week&tz=America%2FNew_York', allowed: STAFF },
  { method: 'GET', path: '/api/scheduler/tickets?status=open', allowed: STAFF },
  // An unknown technician: an allowed call answers 404.
  { method: 'GET', path: '/api/scheduler/technicians/{uuid}', allowed: STAFF },
  // Two-factor authentication (README): empty bodies answer 400; the callers have no factor (404/400).
  { method: 'POST', path: '/api/auth/login/2fa', body: {}, allowed: ANY },
  { method: 'POST', path: '/api/auth/login/2fa/passkey-options', body: {}, allowed: ANY },
  { method: 'GET', path: '/api/auth/2fa', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/totp/setup', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/totp/confirm', body: {}, allowed: LOGGED_IN },
  { method: 'DELETE', path: '/api/auth/2fa/totp', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/passkeys/options', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/passkeys', body: {}, allowed: LOGGED_IN },
  { method: 'PATCH', path: '/api/auth/2fa/passkeys/{uuid}', body: {}, allowed: LOGGED_IN },
  { method: 'DELETE', path: '/api/auth/2fa/passkeys/{uuid}', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/recovery-codes', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/step-up/options', allowed: LOGGED_IN },
  { method: 'POST', path: '/api/auth/2fa/step-up', body: {}, allowed: LOGGED_IN },
  { method: 'GET', path: '/api/auth/2fa/policy', allowed: ADMIN },
  { method: 'PUT', path: '/api/auth/2fa/policy', body: {}, allowed: ADMIN },
  { method: 'POST', path: '/api/users/{uuid}/2fa/reset', allowed: ADMIN },
  // Routes of the 2026-11 rounds (issue 55 "the role matrix covers every route added this round";
  // the completeness test below fails when a route has no row).
  { method: 'GET', path: '/api/activity', allowed: ADMIN },
  { method: 'GET', path: '/api/users/sign-in-locks', allowed: ADMIN },
  { method: 'POST', path: '/api/users/{uuid}/disable', allowed: ADMIN },
  { method: 'POST', path: '/api/users/{uuid}/enable', allowed: ADMIN },
  { method: 'GET', path: '/api/downloads/checksums', allowed: STAFF },
  { method: 'GET', path: '/api/vault-match?q=matrix', allowed: STAFF },
  { method: 'GET', path: '/api/vault/{uuid}/open-tickets', allowed: STAFF },
  { method: 'POST', path: '/api/surveys/resend', body: {}, allowed: ANY },
  // Checklists and recurring tickets (issue 52): empty bodies answer 400, unknown ids 404.
  { method: 'POST', path: '/api/tickets/{ticket}/checklist', body: {}, allowed: STAFF },
  { method: 'PATCH', path: '/api/tickets/{ticket}/checklist/{uuid}', body: {}, allowed: STAFF },
  { method: 'GET', path: '/api/checklist-templates', allowed: STAFF },
  { method: 'POST', path: '/api/checklist-templates', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/checklist-templates/{uuid}', allowed: STAFF },
  { method: 'PUT', path: '/api/checklist-templates/{uuid}', body: {}, allowed: ADMIN },
  { method: 'PATCH', path: '/api/checklist-templates/{uuid}', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/checklist-templates/{uuid}', allowed: ADMIN },
  { method: 'GET', path: '/api/recurring-tickets', allowed: STAFF },
  { method: 'POST', path: '/api/recurring-tickets', body: {}, allowed: ADMIN },
  { method: 'GET', path: '/api/recurring-tickets/{uuid}', allowed: STAFF },
  { method: 'PATCH', path: '/api/recurring-tickets/{uuid}', body: {}, allowed: ADMIN },
  { method: 'DELETE', path: '/api/recurring-tickets/{uuid}', allowed: ADMIN },
  { method: 'GET', path: '/api/recurring-tickets/{uuid}/occurrences', allowed: STAFF },
  { method: 'POST', path: '/api/recurring-tickets/{uuid}/run-now', allowed: ADMIN },
];
beforeAll(async () => {
  t = await startTestApp();
  ticketId = (await t.createTicket()).id;
});
afterAll(() => t.close());

const resolvePath = (path: string) => path.replace('{ticket}', ticketId).replaceAll('{uuid}', () => randomUUID());

/** A fresh session per call, so logout in one row cannot affect another. */
async function tokenFor(caller: Caller): Promise<string | undefined> {
  return caller === 'anonymous' ? undefined : (await t.loginAs(caller)).token;
}

describe.each(ROUTES)('$method $path', (route) => {
  it.each(CALLERS)('%s', async (caller) => {
    const res = await t.request(route.method, resolvePath(route.path), { token: await tokenFor(caller), body: route.body });
    if (route.allowed.includes(caller)) {
      expect(res.status, res.text).not.toBe(401);
      expect(res.status, res.text).not.toBe(403);
      expect(res.status, res.text).toBeLessThan(500);
    } else if (caller === 'anonymous') {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
    } else {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
  });
});

describe('the matrix', () => {
  it('has a row for every route the app serves (read from its routers)', () => {
    const rows = ROUTES.map((r) => ({ method: r.method, parts: r.path.split('?')[0]!.split('/') }));
    const covers = (method: string, template: string) => {
      const parts = template.split('/');
      return rows.some((r) => r.method === method && r.parts.length === parts.length && parts.every((p, i) => p.startsWith(':') || p === r.parts[i]));
    };
    const missing: string[] = [];
    const all: string[] = [];
    for (const mw of t.app.middleware as unknown as { router?: { stack: { methods: string[]; path: string }[] } }[]) {
      for (const layer of mw.router?.stack ?? []) {
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
          all.push(`${method} ${layer.path}`);
          if (!covers(method, layer.path)) missing.push(`${method} ${layer.path}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Issue 55 defect 3: vault key operations and the vault approval setting stay off the API
    // (server-side `npm run vault:rotate-key`, VAULT_DEVICE_APPROVAL); a route for them needs a step-up first.
    expect(all.filter((r) => /rotat|vault[^ ]*(key|approval|setting)/i.test(r))).toEqual([]);
  });
});

describe('unknown API paths', () => {
  it('answer a 404 envelope for every caller', async () => {
    for (const caller of CALLERS) {
      const res = await t.request('GET', '/api/does-not-exist', { token: await tokenFor(caller) });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});
