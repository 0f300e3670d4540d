/**
 * Clean threads from e-mail (issue 57 item 4), on the importer with PGlite or PostgreSQL: a reply with
 * quoted history keeps only its new text in the work history and the whole mail, unchanged, as
 * `mailOriginal`; a reply with nothing to trim, or one that is all quote, keeps its text as received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets, ticketUpdates } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { testEvents } from '../../test/events';
import { presentTicketUpdate } from '../tickets/port';
import { mail } from './inbound.testkit';
import { importMessage, type ImportContext } from './importer';
import { cleanReply } from './cleanReply';

let handle: TestDatabase;
let db: Database;
let rules: ImportContext;
const send = (h: Record<string, string>, body: string) => importMessage(db, Buffer.from(mail(h, body)), rules, new Date());

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  rules = { maxBytes: 25 * 1024 * 1024, ownAddresses: ['help@acme.test'], perSenderPerHour: 20, events: testEvents(db) };
});
afterAll(() => handle?.close());

const QUOTED = [
  'The scanner still jams on page two.',
  '',
  'Sent from my iPhone',
  '',
  'On Tue, Nov 24, 2026 at 10:00 AM Acme Support <help@acme.test> wrote:',
  '> We replaced the printer roller.',
  '>',
  '> > Please help, the printer is broken.',
].join('\n');

describe('clean threads (issue 57 item 4)', () => {
  it('a reply keeps only its new text; the mail as received is kept unchanged with the entry', async () => {
    const first = await send({ From: 'robin@client.test', Subject: 'Printer broken', 'Message-ID': '<c1@client.test>' }, 'Please help, the printer is broken.');
    if (first.kind !== 'ticket') throw new Error(JSON.stringify(first));
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, first.ticketId));
    expect(ticket!.issue).toContain('Please help, the printer is broken.');

    expect(await send({ From: 'robin@client.test', Subject: 'Re: Printer broken', 'Message-ID': '<c2@client.test>', 'In-Reply-To': '<c1@client.test>' }, QUOTED)).toMatchObject({ kind: 'reply' });
    expect(await send({ From: 'robin@client.test', Subject: 'Re: Printer broken', 'Message-ID': '<c3@client.test>', 'In-Reply-To': '<c1@client.test>' }, 'And the toner is low.')).toMatchObject({ kind: 'reply' });
    expect(await send({ From: 'robin@client.test', Subject: 'Re: Printer broken', 'Message-ID': '<c4@client.test>', 'In-Reply-To': '<c1@client.test>' }, '> only a quote\n> nothing new')).toMatchObject({ kind: 'reply' });

    const rows = await db
      .select()
      .from(ticketUpdates)
      .where(and(eq(ticketUpdates.ticketId, first.ticketId), eq(ticketUpdates.updateType, 'customer_reply')))
      .orderBy(ticketUpdates.createdAt, ticketUpdates.ticketVersion);
    expect(rows.map((r) => [r.comment, r.mailOriginal])).toEqual([
      ['The scanner still jams on page two.', QUOTED],
      ['And the toner is low.', null],
      ['> only a quote\n> nothing new', null],
    ]);
    // The read shape: `mailOriginal` only on the trimmed entry.
    const shown = rows.map((r) => presentTicketUpdate({ ...r, updatedByName: null }));
    expect(shown[0]).toMatchObject({ comment: 'The scanner still jams on page two.', mailOriginal: QUOTED });
    expect(shown[1]).not.toHaveProperty('mailOriginal');
  });

  it('cleanReply trims Outlook-style history and leaves plain text alone', async () => {
    const outlook = 'Works now, thanks.\n\n-----Original Message-----\nFrom: Acme Support\nSent: Monday\n\nWe rebooted it.';
    expect(await cleanReply(outlook)).toEqual({ text: 'Works now, thanks.', original: outlook });
    expect(await cleanReply('Just one line.')).toEqual({ text: 'Just one line.', original: null });
    expect(await cleanReply('')).toEqual({ text: '', original: null });
  });
});
