/**
 * Issue 55, inbound mail (defects 2 and 11), on the importer with PGlite or PostgreSQL: a stranger
 * naming a ticket number gets a new ticket, never a reply on it (each threading rule is stored and
 * shown); the per-sender limit under 40 concurrent messages; auto-reply and list headers; a reused
 * Message-ID with other content kept and flagged; a NUL byte; a store error shown without SQL; a
 * 24 MiB message without From refused without being copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients, contacts, inboundFailures, inboundMessages, supportTickets, ticketUpdates } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { hugeMail, mail } from './inbound.testkit';
import { testEvents } from '../../test/events';
import { importMessage, type ImportContext, type ImportOutcome } from './importer';
import { listFailures } from './repository';

let handle: TestDatabase;
let db: Database;
let rules: ImportContext;
const now = () => new Date();
const send = (h: Record<string, string>, body = 'Please help, the printer is broken.') => importMessage(db, Buffer.from(mail(h, body)), rules, now());

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  rules = { maxBytes: 25 * 1024 * 1024, ownAddresses: ['help@acme.test'], perSenderPerHour: 20, events: testEvents(db) };
});
afterAll(() => handle?.close());

const ticketOf = async (o: ImportOutcome) => {
  if (o.kind !== 'ticket') throw new Error(`expected a ticket, got ${JSON.stringify(o)}`);
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, o.ticketId));
  return row!;
};
const replies = (ticketId: string) => db.select().from(ticketUpdates).where(and(eq(ticketUpdates.ticketId, ticketId), eq(ticketUpdates.updateType, 'customer_reply')));
const ruleOf = async (messageId: string) => (await db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId)))[0]?.threadRule;

describe('threading (issue 55 defect 2)', () => {
  it("a stranger's mail naming a ticket number makes a new ticket; the contact's, a token or a reference thread onto it, each rule shown", async () => {
    const victim = await ticketOf(await send({ From: 'Vic <vic@client.test>', Subject: 'Server down', 'Message-ID': '<v1@client.test>' }));
    await db.update(supportTickets).set({ status: 'resolved' }).where(eq(supportTickets.id, victim.id));

    const spoof = await send({ From: 'mallory@evil.test', Subject: `Re: ${victim.ticketNumber}`, 'Message-ID': '<m1@evil.test>' }, 'Pay the invoice to my account.');
    const stranger = await ticketOf(spoof);
    expect(stranger.id).not.toBe(victim.id);
    expect(stranger.issue).toContain(`This e-mail names ${victim.ticketNumber}, but its sender is not that ticket's contact`);
    expect(await replies(victim.id)).toHaveLength(0);
    expect((await db.select().from(supportTickets).where(eq(supportTickets.id, victim.id)))[0]!.status).toBe('resolved');
    expect(await ruleOf('<m1@evil.test>')).toBe('new ticket: subject names a ticket of another contact');

    expect(await send({ From: 'VIC@client.test', Subject: `Re: ${victim.ticketNumber}`, 'Message-ID': '<v2@client.test>' }, 'Down again.')).toMatchObject({ kind: 'reply', ticketId: victim.id });
    expect(await send({ From: 'colleague@client.test', Subject: 'Re: thanks', 'Message-ID': '<v3@client.test>', References: `<ticket-${victim.id}@portal>` }, 'Via token.')).toMatchObject({ kind: 'reply', ticketId: victim.id });
    expect(await send({ From: 'vic@client.test', Subject: 'more', 'Message-ID': '<v4@client.test>', 'In-Reply-To': '<v1@client.test>' }, 'Via reference.')).toMatchObject({ kind: 'reply', ticketId: victim.id });

    const shown = (await replies(victim.id)).map((r) => [r.comment, r.newValue]);
    expect(shown.sort()).toEqual([
      ['Down again.', "subject number from the ticket's contact"],
      ['Via reference.', 'message reference'],
      ['Via token.', 'reply token'],
    ]);
    expect(await ruleOf('<v3@client.test>')).toBe('reply token');

    // A contact of the ticket's client may use the number too.
    const [client] = await db.insert(clients).values({ name: 'Client Co' }).returning();
    await db.insert(contacts).values({ clientId: client!.id, name: 'Pat', email: 'pat@client.test' });
    await db.update(supportTickets).set({ clientId: client!.id }).where(eq(supportTickets.id, victim.id));
    expect(await send({ From: 'Pat@client.test', Subject: `Re: ${victim.ticketNumber}`, 'Message-ID': '<v5@client.test>' }, 'From a colleague.')).toMatchObject({ kind: 'reply', ticketId: victim.id });
  });
});

describe('inbound safety (issue 55 defect 11)', () => {
  it('40 concurrent messages from one sender make at most INBOUND_SENDER_LIMIT (20) tickets', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => importMessage(db, Buffer.from(mail({ From: 'burst@example.com', Subject: `Burst ${i}`, 'Message-ID': `<b${i}@example.com>` }, 'Flooding the desk.')), rules, now())),
    );
    expect(outcomes.filter((o) => o.kind === 'ticket')).toHaveLength(20);
    expect(outcomes.filter((o) => o.kind === 'ignored' && o.reason === 'rate limited')).toHaveLength(20);
  });

  it('auto-replies flagged only by X-Autoreply, X-Autorespond, Exchange out-of-office headers or List-Id are ignored', async () => {
    const headers: Record<string, string>[] = [
      { 'X-Autoreply': 'yes' },
      { 'X-Autorespond': 'Out of office' },
      { 'X-Auto-Response-Suppress': 'All' },
      { 'X-MS-Exchange-Inbox-Rules-Loop': 'someone@client.test' },
      { 'List-Id': 'Announcements <news.lists.example.com>' },
    ];
    const outcomes = await Promise.all(headers.map((h, i) => send({ From: `auto${i}@example.com`, Subject: 'Out of office', 'Message-ID': `<a${i}@example.com>`, ...h })));
    expect(outcomes.map((o) => o.kind)).toEqual(['ignored', 'ignored', 'ignored', 'ignored', 'ignored']);
  });

  it('a reused Message-ID with different content is kept and flagged; the same message again is a duplicate', async () => {
    const first = await send({ From: 'reuse@example.com', Subject: 'First', 'Message-ID': '<same@example.com>' }, 'The first message.');
    const second = await send({ From: 'reuse@example.com', Subject: 'Second', 'Message-ID': '<same@example.com>' }, 'A different message.');
    const again = await send({ From: 'reuse@example.com', Subject: 'Second', 'Message-ID': '<same@example.com>' }, 'A different message.');
    expect(first.kind).toBe('ticket');
    const kept = await ticketOf(second);
    expect(kept.issue).toContain('[Flagged: this message reuses the Message-ID of an earlier, different message.]');
    expect(again.kind).toBe('duplicate');
    const rows = await db.select().from(inboundMessages).where(eq(inboundMessages.sender, 'reuse@example.com'));
    expect(rows.map((r) => r.flag ?? 'none').sort()).toEqual(['none', 'reused Message-ID']);
  });

  it('a NUL byte does not make a mail unimportable; a store error is listed without SQL', async () => {
    const nul = await send({ From: 'nul@example.com', Subject: 'Null\u0000byte', 'Message-ID': '<n\u00001@example.com>' }, 'Text with a \u0000 NUL.');
    expect((await ticketOf(nul)).issue).toContain('Text with a  NUL.');

    const broken = Object.create(db, {
      transaction: { value: () => Promise.reject(Object.assign(new Error('Failed query: insert into "inbound_messages" ("secret") values ($1)'), { code: '23505' })) },
    }) as Database;
    const out = await importMessage(broken, Buffer.from(mail({ From: 'store@example.com', Subject: 'x', 'Message-ID': '<st1@example.com>' }, 'Will not store.')), rules, now());
    expect(out).toEqual({ kind: 'failed', reason: 'could not store: database error 23505' });
    expect(JSON.stringify(await listFailures(db))).not.toMatch(/insert into|Failed query|\$1/i);
  });

  it('a 24 MiB message without From is refused from its headers and not copied into the database', async () => {
    const raw = hugeMail('x@example.com', '<big@example.com>', 24);
    const noFrom = Buffer.from(raw.toString('latin1').replace(/^From: .*\r\n/m, ''), 'latin1');
    expect(await importMessage(db, noFrom, rules, now())).toEqual({ kind: 'failed', reason: 'could not parse: no sender address (From)' });
    const [row] = await db.select().from(inboundFailures).where(eq(inboundFailures.size, noFrom.length));
    expect(row!.rawBase64).toBeNull();
  });
});
