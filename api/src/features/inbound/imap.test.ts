/**
 * Inbound mail against a real IMAP server (Debian's dovecot-imapd, one per file, api/src/test/dovecot.ts)
 * on PGlite, or PostgreSQL with DATABASE_URL: new mail -> ticket with the confirmation job, reply ->
 * same ticket, auto-reply and bounce ignored, a crash between store and flag imports once, an
 * over-limit message refused cleanly, a broken charset imported readable.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { Database } from '../../db/client';
import { inboundFailures, inboundMessages, notificationJobs, supportTickets, ticketUpdates } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { testEvents } from '../../test/events';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { readInboundConfig, type ImapSettings, type InboundConfig } from '../../config';
import { IMPORTED_FLAG, connectImap, fetchOnce } from './imap';
import type { ImportContext } from './importer';
import { InboundRuntime } from './runtime';
import { hugeMail, mail } from './inbound.testkit';

const started = await startDovecot();
if ('skip' in started) process.stdout.write(`imap.test.ts skipped: ${started.skip}\n`);
const dovecot: Dovecot | undefined = 'skip' in started ? undefined : started;

describe.skipIf(!dovecot)('inbound mail over IMAP (dovecot)', () => {
  let handle: TestDatabase;
  let db: Database;
  let settings: ImapSettings;
  let inbound: InboundConfig;
  let rules: ImportContext;
  let client: ImapFlow;
  let writer: ImapFlow;
  const clock = () => new Date();

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const { config, errors } = readInboundConfig({ INBOUND_IMAP_URL: dovecot!.url }, { supportEmail: 'help@acme.test', mailFrom: '"Acme" <noreply@acme.test>' });
    expect(errors).toEqual([]);
    inbound = config;
    settings = config.imap!;
    rules = { ...config.rules, events: testEvents(db) };
    client = await connectImap(settings);
    writer = new ImapFlow({ host: '127.0.0.1', port: dovecot!.port, secure: false, auth: { user: dovecot!.user, pass: dovecot!.pass }, logger: false });
    await writer.connect();
  });
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await writer?.logout().catch(() => undefined);
    await handle?.close();
    await dovecot?.stop();
  });

  const deliver = (raw: string | Buffer) => writer.append('INBOX', raw);
  const pass = () => fetchOnce(db, client, settings, rules, clock);

  it('new mail -> a medium e-mail ticket with the confirmation; a reply by subject number and by References -> the same ticket', async () => {
    await deliver(mail({ From: 'Robin Roe <Robin@Example.com>', To: 'help@acme.test', Subject: 'Printer jams', 'Message-ID': '<m1@example.com>' }, 'The printer on floor 2 jams on every page.\n\n-- \nRobin'));
    const first = await pass();
    expect(first.outcomes).toEqual([expect.objectContaining({ kind: 'ticket' })]);
    const created = first.outcomes[0] as { ticketId: string; ticketNumber: string };
    const [t] = await db.select().from(supportTickets).where(eq(supportTickets.id, created.ticketId));
    expect(t).toMatchObject({ clientName: 'Robin Roe', customerEmail: 'robin@example.com', severity: 'medium', contactMethod: 'email', status: 'open' });
    expect(t!.issue).toContain('Printer jams');
    expect(t!.issue).toContain('jams on every page');
    const jobs = await db.select().from(notificationJobs).where(eq(notificationJobs.ticketId, created.ticketId));
    expect(jobs.map((j) => `${j.kind} ${j.recipient}`)).toContain('customer_confirmation robin@example.com');

    await deliver(mail({ From: 'robin@example.com', Subject: `Re: We received your support request - ticket ${created.ticketNumber}`, 'Message-ID': '<m2@example.com>' }, 'Still jamming.\n\n> quoted'));
    await deliver(mail({ From: 'robin@example.com', Subject: 'one more thing', 'Message-ID': '<m3@example.com>', 'In-Reply-To': '<m1@example.com>', References: '<m1@example.com>' }, 'Also the toner is low.'));
    const second = await pass();
    expect(second.outcomes.map((o) => o.kind)).toEqual(['reply', 'reply']);
    const history = await db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, created.ticketId));
    // Clean threads (issue 57): the quoted line is kept with the entry, not in its text.
    const mailReplies = history.filter((h) => h.updateType === 'customer_reply');
    expect(mailReplies.map((h) => [h.comment, h.mailOriginal])).toEqual([
      ['Still jamming.', 'Still jamming.\n\n> quoted'],
      ['Also the toner is low.', null],
    ]);
    expect(await db.select().from(supportTickets)).toHaveLength(1);
    // Flagged: the next pass finds nothing.
    expect((await pass()).seen).toBe(0);
  });

  it('auto-replies, bulk mail, bounces and our own address are recorded and ignored', async () => {
    await deliver(mail({ From: 'ooo@example.com', Subject: 'Out of office', 'Auto-Submitted': 'auto-replied', 'Message-ID': '<a1@example.com>' }, 'I am away until Monday.'));
    await deliver(mail({ From: 'news@example.com', Subject: 'Newsletter', Precedence: 'bulk', 'Message-ID': '<a2@example.com>' }, 'Our news this week.'));
    await deliver(mail({ 'Return-Path': '<>', From: 'MAILER-DAEMON@mx.example.com', Subject: 'Undelivered Mail Returned to Sender', 'Message-ID': '<a3@example.com>' }, 'The mail could not be delivered.'));
    await deliver(mail({ From: 'Acme <noreply@acme.test>', Subject: 'We received your support request', 'Message-ID': '<a4@example.com>' }, 'Our own confirmation looping back.'));
    const report = await pass();
    expect(report.outcomes.map((o) => (o.kind === 'ignored' ? o.reason : o.kind))).toEqual(['auto-submitted', 'precedence', 'bounce', 'own address']);
    expect(await db.select().from(supportTickets)).toHaveLength(1);
  });

  it('a crash between store and flag imports once', async () => {
    await deliver(mail({ From: 'kim@example.com', Subject: 'VPN drops', 'Message-ID': '<c1@example.com>' }, 'The VPN drops every hour.'));
    await expect(
      fetchOnce(db, client, settings, rules, clock, {
        afterStore: () => {
          throw new Error('crash after store');
        },
      }),
    ).rejects.toThrow('crash after store');
    const again = await pass();
    expect(again.outcomes).toEqual([{ kind: 'duplicate', messageId: '<c1@example.com>' }]);
    expect(await db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'kim@example.com'))).toHaveLength(1);
    const flagged = await client.search({ keyword: IMPORTED_FLAG }, { uid: true });
    expect(flagged).toHaveLength(8);
  });

  it('a 30 MB message (limit 25 MiB) is refused cleanly: recorded with the reason, not downloaded, flagged, nothing else written', async () => {
    await deliver(hugeMail('big@example.com', '<b1@example.com>', 30));
    const report = await pass();
    expect(report.outcomes).toEqual([{ kind: 'failed', reason: expect.stringMatching(/^too large: \d+ bytes, the limit is 26214400$/) }]);
    const [failure] = await db.select().from(inboundFailures);
    expect(failure).toMatchObject({ rawBase64: null });
    expect(await db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'big@example.com'))).toHaveLength(0);
  });

  it('a broken charset is imported readable', async () => {
    const raw = Buffer.concat([
      Buffer.from(mail({ From: 'Jörg <joerg@example.com>', Subject: '=?x-unknown?Q?Drucker_kaputt?=', 'Message-ID': '<k1@example.com>', 'Content-Type': 'text/plain; charset=x-made-up-charset', 'Content-Transfer-Encoding': '8bit' }, '').trimEnd() + '\r\n\r\n'),
      Buffer.from('Der Drucker druckt nicht. Gr', 'latin1'),
      Buffer.from([0xfc]),
      Buffer.from('\u00dfe\r\n', 'latin1'),
    ]);
    await deliver(raw);
    const report = await pass();
    expect(report.outcomes).toEqual([expect.objectContaining({ kind: 'ticket' })]);
    const [t] = await db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'joerg@example.com'));
    expect(t!.issue).toMatch(/^Drucker kaputt\n\nDer Drucker druckt nicht. Gr.+e$/);
    expect(await db.select().from(inboundMessages).where(eq(inboundMessages.messageId, '<k1@example.com>'))).toHaveLength(1);
  });

  it('the running worker IDLEs and imports new mail as it arrives; the test button connects', async () => {
    const runtime = new InboundRuntime(inbound, db, clock, { debug() {}, info() {}, warn() {}, error() {} }, rules.events);
    let woken = 0;
    await runtime.start(() => woken++);
    try {
      await vi.waitFor(() => expect(runtime.status()).toMatchObject({ imapConfigured: true, connected: true, idle: true, lastFetchAt: expect.any(String) }), { timeout: 10_000 });
      await deliver(mail({ From: 'lee@example.com', Subject: 'Wi-Fi is down', 'Message-ID': '<w1@example.com>' }, 'No Wi-Fi in room 4.'));
      await vi.waitFor(async () => expect(await db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'lee@example.com'))).toHaveLength(1), { timeout: 10_000 });
      await vi.waitFor(() => expect(woken).toBe(1));
      expect(await runtime.test()).toEqual({ ok: true, message: expect.stringMatching(/^Connected: INBOX holds \d+ messages\.$/) });
    } finally {
      await runtime.close();
    }
    expect(runtime.status().connected).toBe(false);
  });
});
