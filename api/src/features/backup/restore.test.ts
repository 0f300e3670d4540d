/**
 * Restore's all-or-nothing guarantees (docs/backup.md "Restore"), in-process on fresh test databases:
 * a truncated archive (no `end` record) leaves the target's tables and stores as they were; a file
 * whose bytes do not match its checksum is refused the same way; a wrong passphrase is refused before
 * the target is even looked at; the whole archive restores the ticket, the stored file and the keys.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { staticKeyring } from '../../lib/vault-keys';
import { createDiskStorage } from '../../storage';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { startTestApp, type TestApp } from '../../test/app';
import { ArchiveError, WrongPassphraseError } from './archive';
import { collectSecrets, writeBackup, type NamedStore } from './backup';
import { restoreBackup } from './restore';

const PASSPHRASE = 'restore test passphrase';
let t: TestApp;
let work: string;
let archive: string;
const targets: TestDatabase[] = [];

beforeAll(async () => {
  t = await startTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  await t.createTicket({ clientName: 'Restored Customer' });
  const files = createDiskStorage(path.join(work, 'source-files'));
  await files.put('manual.pdf', Readable.from([Buffer.from('%PDF-1.4 restore test')]), { contentType: 'application/pdf' });
  archive = path.join(work, 'a.backup');
  const keyring = staticKeyring([Buffer.alloc(32, 7)]);
  await writeBackup(
    { db: t.db, engine: 'pglite', stores: [{ name: 'files', storage: files }], secrets: collectSecrets(work, keyring, new Date()) },
    { file: archive, passphrase: PASSPHRASE, now: new Date(), kdfCost: { N: 2 ** 12 } },
  );
});
afterAll(async () => {
  await t.close();
  for (const d of targets) await d.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A fresh target: a migrated empty database, a files store and a data folder of its own. */
async function target(name: string) {
  const db = await createTestDatabase();
  targets.push(db);
  const dataDir = path.join(work, name);
  const stores: NamedStore[] = [{ name: 'files', storage: createDiskStorage(path.join(dataDir, 'files')) }];
  const restore = (file: string, passphrase = PASSPHRASE) =>
    restoreBackup({ file, passphrase, dataDir, force: false, now: new Date(), contents: async () => [], open: async () => ({ db: db.db, stores, close: async () => undefined }) });
  const tickets = async () => (await rowsOf<{ n: number }>(db.db, sql`select count(*)::int as n from support_tickets`))[0]!.n;
  return { dataDir, stores, restore, tickets };
}

/** The archive rewritten by `edit` over its JSON lines. */
function rewritten(name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(fs.readFileSync(archive)).toString('utf8').trimEnd().split('\n');
  const file = path.join(work, name);
  fs.writeFileSync(file, gzipSync(`${edit(lines).join('\n')}\n`));
  return file;
}

describe('restore is all or nothing', () => {
  it('a truncated archive changes no table and leaves no file', async () => {
    const tgt = await target('truncated');
    await expect(tgt.restore(rewritten('cut.backup', (l) => l.slice(0, -1)))).rejects.toThrow(ArchiveError);
    expect(await tgt.tickets()).toBe(0);
    expect(await tgt.stores[0]!.storage.list()).toEqual([]);
    expect(fs.existsSync(path.join(tgt.dataDir, 'vault-keys.json'))).toBe(false);
  });

  it('a stored file that does not match its checksum is refused the same way', async () => {
    const tgt = await target('tampered');
    const file = rewritten('bad.backup', (lines) =>
      lines.map((line) => (line.includes('"kind":"chunk"') ? JSON.stringify({ kind: 'chunk', data: Buffer.from('%PDF-1.4 something else').toString('base64') }) : line)),
    );
    await expect(tgt.restore(file)).rejects.toThrow('does not match its checksum');
    expect(await tgt.tickets()).toBe(0);
    expect(await tgt.stores[0]!.storage.list()).toEqual([]);
  });

  it('a wrong passphrase is refused before anything is opened; the right one restores everything', async () => {
    const tgt = await target('whole');
    await expect(tgt.restore(archive, 'not the passphrase')).rejects.toThrow(WrongPassphraseError);
    expect(fs.existsSync(tgt.dataDir)).toBe(false);
    const end = await tgt.restore(archive);
    expect(end).toMatchObject({ files: 1 });
    expect(await tgt.tickets()).toBe(1);
    expect((await tgt.stores[0]!.storage.list()).map((f) => f.name)).toEqual(['manual.pdf']);
    expect(JSON.parse(fs.readFileSync(path.join(tgt.dataDir, 'vault-keys.json'), 'utf8')).keys[0].key).toBe(Buffer.alloc(32, 7).toString('base64'));
  });
});
