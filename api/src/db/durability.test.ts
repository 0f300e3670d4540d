/**
 * Durability of the embedded database:
 * - the durability setting: with PGLITE_FSYNC (the default) PostgreSQL runs with fsync=on and every
 *   commit returns only after its WAL segment was fsynced to disk for real (counted through the file
 *   system hook); PGLITE_FSYNC=false keeps PGlite's fsync=off and syncs nothing;
 * - a crash: the real app process is killed with SIGKILL while tickets are being submitted; after a
 *   restart on the same data folder every ticket that was acknowledged (201) is there, and the ticket
 *   numbers have no gaps.
 * A power cut cannot be simulated here; the first test shows the mechanism it depends on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startApp, type AppProcess } from '../../../scripts/server-process';
import { openDatabase } from './client';
import { settings } from './schema';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const show = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) =>
  ((await db.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];

describe('PGLITE_FSYNC (the durability setting)', () => {
  it('default: fsync=on and each commit fsyncs its WAL before it returns; false: fsync=off, nothing synced', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const synced: string[] = [];
    const durable = await openDatabase({ dataDir: dir, onFsync: (file) => synced.push(file) });
    try {
      expect(await show(durable.db, 'fsync')).toBe('on');
      expect(await show(durable.db, 'wal_sync_method')).toBe('fsync');
      for (let i = 0; i < 3; i += 1) {
        const before = synced.length;
        await durable.db.insert(settings).values({ key: `durable-${i}`, value: 'committed' });
        const walSyncs = synced.slice(before).filter((f) => /pg_wal\/[0-9A-F]{24}$/.test(f));
        expect(walSyncs.length, `commit ${i} fsynced its WAL segment`).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await durable.close();
    }

    const fast: string[] = [];
    const relaxed = await openDatabase({ dataDir: dir, pgliteFsync: false, onFsync: (file) => fast.push(file) });
    try {
      expect(await show(relaxed.db, 'fsync')).toBe('off');
      await relaxed.db.insert(settings).values({ key: 'relaxed', value: 'committed' });
      expect(fast).toEqual([]);
      const rows = await relaxed.db.select().from(settings);
      expect(rows.map((r) => r.key).sort()).toEqual(['durable-0', 'durable-1', 'durable-2', 'relaxed']);
    } finally {
      await relaxed.close();
    }
  });
});

describe('SIGKILL under load', () => {
  it('keeps every acknowledged ticket, with gap-free numbers, after a restart', { timeout: 180_000 }, async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PGLITE_FSYNC: 'true', NOTIFY_POLL_SECONDS: '3600' };
    let app: AppProcess | undefined = await startApp(env, 120_000);
    const acknowledged: { id: string; ticketNumber: string }[] = [];
    try {
      const body = JSON.stringify({
        clientName: 'Crash Test',
        customerEmail: 'crash@example.com',
        customerPhone: '555 0100',
        severity: 'low',
        contactMethod: 'email',
        issue: 'Submitted while the server is killed.',
      });
      const submit = async () => {
        const res = await fetch(`${app!.baseURL}/api/tickets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (res.status === 201) acknowledged.push((await res.json()) as { id: string; ticketNumber: string });
      };
      // Four clients submit in a loop; the process is killed once 20 tickets were acknowledged.
      let killed = false;
      const client = async () => {
        while (!killed) await submit().catch(() => undefined);
      };
      const clients = [client(), client(), client(), client()];
      while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 10));
      await app.kill('SIGKILL');
      killed = true;
      await Promise.all(clients);
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);

      app = await startApp(env, 120_000);
      const login = await fetch(`${app.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: app.adminPassword }),
      });
      const { token } = (await login.json()) as { token: string };
      // Every ticket, through the delta feed's pages (the unpaged list answers 410).
      const tickets: { id: string; ticketNumber: string }[] = [];
      for (let since = '0', more = true; more; ) {
        const page = (await (await fetch(`${app.baseURL}/api/tickets?since=${since}&limit=1000`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          items: { id: string; ticketNumber: string }[];
          cursor: string;
          more: boolean;
        };
        tickets.push(...page.items);
        ({ cursor: since, more } = page);
      }
      const stored = new Map(tickets.map((t) => [t.id, t.ticketNumber]));
      for (const t of acknowledged) expect(stored.get(t.id), `acknowledged ${t.ticketNumber}`).toBe(t.ticketNumber);
      const numbers = tickets.map((t) => Number(t.ticketNumber.replace('TKT-', ''))).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      // And the restarted server takes new tickets, continuing the numbering.
      const next = await fetch(`${app.baseURL}/api/tickets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(next.status).toBe(201);
      expect(((await next.json()) as { ticketNumber: string }).ticketNumber).toBe(`TKT-${String(numbers.length + 1).padStart(6, '0')}`);
    } finally {
      await app?.stop();
    }
  });
});
