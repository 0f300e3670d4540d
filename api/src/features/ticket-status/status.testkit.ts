/**
 * The status-link API tests' shared set-up (status.test.ts, links.test.ts): one app per test file
 * with PUBLIC_URL set and the status limits opened wide, a signed-in technician, and request
 * helpers. `statusSuite()` registers the file's beforeAll/afterAll and returns the helpers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STATUS_TEXT, type TicketCreateInput, type TicketStatusView } from '@portal/shared';
import { ticketStatusLinks } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

/** `https://support.example.test/status/<token>`: the token is group 1. */
export const LINK = /^https:\/\/support\.example\.test\/status\/([A-Za-z0-9_-]{43})$/;

/** Asserts the one neutral 404 every invalid link gets. */
export function expectInvalid(res: { status: number; body: unknown }) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: STATUS_TEXT.invalidLink, code: 'not_found' });
}

/** Starts the file's app in beforeAll (closed in afterAll); the helpers read it when called. */
export function statusSuite() {
  const s = {} as { t: TestApp; tech: TestUser & { token: string } };
  beforeAll(async () => {
    s.t = await startTestApp({
      env: { PUBLIC_URL: 'https://support.example.test' },
      rateLimits: {
        status: { points: 100_000, durationSec: 60 },
        statusLookupIp: { points: 100_000, durationSec: 60 },
        statusLookupTicket: { points: 100_000, durationSec: 60 },
      },
    });
    s.tech = await s.t.loginAs('technician', { username: 'maria.lopez' });
  });
  afterAll(() => s.t.close());

  return {
    get t() {
      return s.t;
    },
    get tech() {
      return s.tech;
    },
    patch: (id: string, body: unknown) => s.t.request('PATCH', `/api/tickets/${id}`, { token: s.tech.token, body }),
    view: (token: string) => s.t.request<TicketStatusView>('GET', `/api/ticket-status/${token}`),
    reply: (token: string, comment: string, headers?: Record<string, string>) =>
      s.t.request('POST', `/api/ticket-status/${token}/replies`, { body: { comment }, headers }),
    lookup: (ticketNumber: string, contact: string) => s.t.request('POST', '/api/ticket-status/lookup', { body: { ticketNumber, contact } }),
    linkRow: async (ticketId: string) => (await s.t.db.select().from(ticketStatusLinks).where(eq(ticketStatusLinks.ticketId, ticketId)))[0],
    /** A new ticket and the token of its status link (from the create answer). */
    async linked(overrides: Partial<TicketCreateInput> = {}) {
      const customerEmail = `${randomUUID().slice(0, 8)}@customer.test`;
      const created = await s.t.createTicket({ customerEmail, ...overrides });
      const token = LINK.exec(created.statusUrl ?? '')?.[1];
      if (!token) throw new Error(`no status link in ${JSON.stringify(created)}`);
      return { ...created, token, customerEmail };
    },
  };
}
