/**
 * `npm run bench:inbound` (docs/inbound-mail.md "Benchmark"): messages imported per second from a
 * Dovecot mailbox of N messages (default 1,000; BENCH_INBOUND_MESSAGES) against the time to only
 * fetch the same messages over the same connection (the IMAP floor), in one run. Dovecot is started
 * by the test harness (api/src/test/dovecot.ts); the database is PGlite in memory, or a fresh
 * database on DATABASE_URL's server.
 */
import { performance } from 'node:perf_hooks';
import { ImapFlow } from 'imapflow';
import { readInboundConfig } from '../../api/src/config';
import { IMPORTED_FLAG, connectImap, fetchOnce } from '../../api/src/features/inbound/imap';
import { mail } from '../../api/src/features/inbound/inbound.testkit';
import { createTestDatabase } from '../../api/src/test/db';
import { testEvents } from '../../api/src/test/events';
import { startDovecot } from '../../api/src/test/dovecot';

const N = Number(process.env.BENCH_INBOUND_MESSAGES ?? 1000);

async function main(): Promise<void> {
  const dovecot = await startDovecot();
  if ('skip' in dovecot) {
    process.stdout.write(`inbound mail benchmark skipped: ${dovecot.skip}\n`);
    return;
  }
  const handle = await createTestDatabase();
  try {
    const writer = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.pass }, logger: false });
    await writer.connect();
    for (let i = 0; i < N; i++) {
      await writer.append('INBOX', mail({ From: `Customer ${i % 50} <c${i % 50}@example.com>`, Subject: `Problem number ${i}`, 'Message-ID': `<bench-${i}@example.com>` }, `Something is broken on machine ${i}.\nPlease have a look.\n`.repeat(10)));
    }
    await writer.logout();
    const { config } = readInboundConfig({ INBOUND_IMAP_URL: dovecot.url, INBOUND_SENDER_LIMIT: String(N) }, { supportEmail: 'help@acme.test', mailFrom: 'help@acme.test' });
    const client = await connectImap(config.imap!);
    await client.mailboxOpen('INBOX');

    let t0 = performance.now();
    let bytes = 0;
    const uids = (await client.search({ unKeyword: IMPORTED_FLAG }, { uid: true })) as number[];
    for (const uid of uids) {
      const m = await client.fetchOne(String(uid), { source: true }, { uid: true });
      bytes += m ? (m.source?.length ?? 0) : 0;
    }
    const fetchMs = performance.now() - t0;

    t0 = performance.now();
    const report = await fetchOnce(handle.db, client, config.imap!, { ...config.rules, events: testEvents(handle.db) }, () => new Date());
    const importMs = performance.now() - t0;
    await client.logout();
    const tickets = report.outcomes.filter((o) => o.kind === 'ticket').length;
    process.stdout.write(
      `${JSON.stringify({
        messages: N,
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        bytes,
        fetchOnly: { ms: Math.round(fetchMs), perSecond: Math.round((N / fetchMs) * 1000) },
        imported: { ms: Math.round(importMs), perSecond: Math.round((N / importMs) * 1000), tickets },
      })}\n`,
    );
  } finally {
    await handle.close();
    await dovecot.stop();
  }
}

void main();
