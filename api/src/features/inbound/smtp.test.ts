/**
 * The SMTP listener (smtp-server) with the real importer on PGlite or PostgreSQL: mail for the
 * support address -> ticket, a reply carrying the confirmation's reply token -> the same ticket,
 * other recipients refused at RCPT TO, a 30 MB message refused with 552 and nothing stored; the DATA
 * reader drains an oversized message holding at most the limit (issue 55).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { readInboundConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { inboundFailures, supportTickets, ticketUpdates } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { testEvents } from '../../test/events';
import { customerConfirmation } from '../tickets/notifications';
import { hugeMail, mail } from './inbound.testkit';
import type { ImportOutcome } from './importer';
import { Readable } from 'node:stream';
import { collectCapped, startSmtpListener, type SmtpListener } from './smtp';

describe('inbound mail over the SMTP listener', () => {
  let handle: TestDatabase;
  let db: Database;
  let listener: SmtpListener;
  const outcomes: ImportOutcome[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const { config } = readInboundConfig({ INBOUND_ADDRESSES: 'help@acme.test, support@acme.test' }, { supportEmail: 'help@acme.test', mailFrom: 'noreply@acme.test' });
    listener = await startSmtpListener({ db, host: '127.0.0.1', port: 0, addresses: config.addresses, rules: { ...config.rules, events: testEvents(db) }, clock: () => new Date(), onImported: (o) => outcomes.push(o) });
  });
  afterAll(async () => {
    await listener?.close();
    await handle?.close();
  });

  const send = (to: string, raw: string | Buffer) =>
    nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: 'sam@example.com', to }, raw });

  it('mail for a support address -> ticket; a reply with the confirmation reply token -> the same ticket', async () => {
    await send('Support@acme.test', mail({ From: 'Sam Doe <sam@example.com>', To: 'support@acme.test', Subject: 'Laptop will not boot', 'Message-ID': '<s1@example.com>' }, 'Black screen after the update.'));
    const [t] = await db.select().from(supportTickets).where(eq(supportTickets.customerEmail, 'sam@example.com'));
    expect(t).toMatchObject({ clientName: 'Sam Doe', severity: 'medium', contactMethod: 'email' });

    const confirmation = customerConfirmation.render(
      { ticket: { ...t!, createdAt: t!.createdAt.toISOString() } },
      { brand: { appName: 'Acme', supportPhone: '1', supportEmail: 'help@acme.test', publicUrl: 'https://x.test' }, config: {} as Config },
    );
    const token = confirmation.headers!.References!;
    expect(token).toBe(`<ticket-${t!.id}@portal>`);
    await send('help@acme.test', mail({ From: 'sam@example.com', Subject: 'Re: thanks', 'Message-ID': '<s2@example.com>', 'In-Reply-To': '<random@acme.test>', References: `${token} <random@acme.test>` }, 'It boots now, but slowly.'));
    expect(outcomes.map((o) => o.kind)).toEqual(['ticket', 'reply']);
    const history = await db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, t!.id));
    expect(history.filter((h) => h.updateType === 'customer_reply').map((h) => h.comment)).toEqual(['It boots now, but slowly.']);
  });

  it('refuses other recipients at RCPT TO and stores nothing', async () => {
    await expect(send('someone@elsewhere.test', mail({ From: 'sam@example.com', Subject: 'relay?', 'Message-ID': '<s3@example.com>' }, 'Open relay test.'))).rejects.toMatchObject({ responseCode: 550 });
    expect(outcomes).toHaveLength(2);
  });

  it('refuses a 30 MB message with 552 (limit 25 MiB) and stores nothing', async () => {
    await expect(send('help@acme.test', hugeMail('sam@example.com', '<s4@example.com>', 30))).rejects.toMatchObject({ responseCode: 552 });
    expect(outcomes).toHaveLength(2);
    expect(await db.select().from(inboundFailures)).toHaveLength(0);
  });
});

describe('collectCapped (the SMTP DATA reader)', () => {
  const MiB = 1024 * 1024;
  const chunks = (count: number, bytes: number) => Readable.from((function* () {
    for (let i = 0; i < count; i += 1) yield Buffer.alloc(bytes, 0x61);
  })());

  it('drains a 40 MiB message against a 4 MiB limit holding at most 4 MiB, and keeps nothing of it', async () => {
    const got = await collectCapped(chunks(40, MiB), 4 * MiB);
    expect(got).toMatchObject({ raw: null, size: 40 * MiB });
    expect(got.peakHeld).toBeLessThanOrEqual(4 * MiB);
  });

  it('returns a message of exactly the limit whole', async () => {
    const got = await collectCapped(chunks(4, 1000), 4000);
    expect(got.raw?.length).toBe(4000);
    expect(got.peakHeld).toBe(4000);
  });
});
