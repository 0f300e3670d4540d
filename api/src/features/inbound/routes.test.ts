/**
 * Inbound mail through the app: the admin status and test button without a mailbox, the "could not
 * import" list with retry and delete, the per-sender limit, and HTML-only mail kept as plain text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { supportTickets } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { mail } from './inbound.testkit';
import { importMessage, refuseTooLarge, type ImportRules } from './importer';

let t: TestApp;
let admin = '';
const rules: ImportRules = { maxBytes: 1024 * 1024, ownAddresses: ['help@acme.test'], perSenderPerHour: 2 };
const call = (method: string, path: string) => t.request(method, path, { token: admin, body: method === 'POST' ? {} : undefined });

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => t?.close());

describe('inbound mail admin routes', () => {
  it('status and test button without a mailbox', async () => {
    const status = await call('GET', '/api/settings/inbound-mail');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ imapConfigured: false, smtpPort: null, connected: false, idle: false, lastFetchAt: null, lastError: null, lastErrorAt: null, imported: 0 });
    const test = await call('POST', '/api/settings/inbound-mail/test');
    expect(test.body).toEqual({ ok: false, message: 'No mailbox is configured (INBOUND_IMAP_URL).' });
  });

  it('malformed mail is kept with the reason; retry, delete; a message not kept cannot be retried', async () => {
    const outcome = await importMessage(t.db, Buffer.from('Subject: no sender\r\n\r\nwho sent this?\r\n'), { ...rules, events: t.events }, t.clock.now());
    expect(outcome).toEqual({ kind: 'failed', reason: 'could not parse: no sender address (From)' });
    const list = await call('GET', '/api/settings/inbound-mail/failures');
    expect(list.body.failures).toEqual([expect.objectContaining({ reason: 'could not parse: no sender address (From)', retryable: true, sender: null })]);
    const id = list.body.failures[0].id as string;

    const retry = await call('POST', `/api/settings/inbound-mail/failures/${id}/retry`);
    expect(retry.body).toEqual({ ok: false, message: 'Could not import: could not parse: no sender address (From)' });
    const after = (await call('GET', '/api/settings/inbound-mail/failures')).body.failures as { id: string }[];
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(id);

    expect((await call('DELETE', `/api/settings/inbound-mail/failures/${after[0]!.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/settings/inbound-mail/failures/${after[0]!.id}`)).status).toBe(404);

    await refuseTooLarge(t.db, 31_457_280, rules);
    const [big] = (await call('GET', '/api/settings/inbound-mail/failures')).body.failures as { id: string; retryable: boolean }[];
    expect(big!.retryable).toBe(false);
    const refused = await call('POST', `/api/settings/inbound-mail/failures/${big!.id}/retry`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This message was not kept (over the size limit); it stays in the mailbox.');
  });

  it('a sender over the hourly limit is ignored', async () => {
    const kinds = [];
    for (const n of [1, 2, 3]) {
      const o = await importMessage(t.db, Buffer.from(mail({ From: 'flood@example.com', Subject: `Help ${n}`, 'Message-ID': `<f${n}@example.com>` }, 'Please help me now.')), { ...rules, events: t.events }, t.clock.now());
      kinds.push(o.kind === 'ignored' ? o.reason : o.kind);
    }
    expect(kinds).toEqual(['ticket', 'ticket', 'rate limited']);
  });

  it('HTML-only mail becomes plain text, never markup', async () => {
    const raw = mail(
      { From: 'html@example.com', Subject: 'Screen flickers', 'Message-ID': '<h1@example.com>', 'Content-Type': 'text/html; charset=utf-8' },
      '<html><body><p>My screen <b>flickers</b> &amp; goes dark.</p><script>alert(1)</script><img src=x onerror=alert(2)></body></html>',
    );
    expect(await importMessage(t.db, Buffer.from(raw), { ...rules, events: t.events }, t.clock.now())).toMatchObject({ kind: 'ticket' });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'html@example.com'));
    expect(row!.issue).toContain('My screen flickers & goes dark.');
    expect(row!.issue).not.toMatch(/<|onerror|alert\(/);
  });
});
