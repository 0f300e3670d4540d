/**
 * File management API (issue 15; SPEC.md 7): streamed uploads with safe names, the size limit
 * (413), content sniffing, atomic storage (an aborted upload leaves nothing), listing, deletion
 * and the 409 for a file that content items use. Run on the local disk AND on a real local S3
 * server, each with UPLOAD_MAX_MB=1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fileTooLargeMessage, type FileEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { startLocalS3, type LocalS3 } from '../../test/s3';
import { abortedUpload, eventually, fakeExe, fakePdf, fakePng, uploadFile } from '../../test/upload';
import { createS3Storage, type FileStorage } from '../../storage';
import { PARTIAL_DIR } from '../../storage/disk';

const MB = 1024 * 1024;

describe.each(['disk', 's3'] as const)('files API on %s storage', (kind) => {
  let t: TestApp;
  let s3: LocalS3 | undefined;
  let storage: FileStorage | undefined;
  let admin: string;
  let tech: string;
  const list = async () => (await t.request<FileEntry[]>('GET', '/api/admin/files', { token: admin })).body;
  const names = async () => (await list()).map((f) => f.name);
  const partialFiles = () => {
    if (kind !== 'disk') return [];
    const dir = path.join(t.config.dataDir, 'files', PARTIAL_DIR);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startLocalS3({ partSize: 256 * 1024 });
      storage = createS3Storage(s3.settings);
    }
    t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' }, storage });
    admin = (await t.loginAs('admin')).token;
    tech = (await t.loginAs('technician')).token;
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    await s3?.close();
  });

  it('stores an installer streamed in the field "file" and lists it with name, type, size, modified and isInstaller', async () => {
    const data = fakeExe(300 * 1024);
    const res = await uploadFile(t.url, 'RemoteTool-Setup 2.4.exe', data, { token: admin });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      replaced: false,
      file: { name: 'RemoteTool-Setup 2.4.exe', size: data.length, isInstaller: true, type: 'application/vnd.microsoft.portable-executable' },
    });
    const entry = (await list()).find((f) => f.name === 'RemoteTool-Setup 2.4.exe');
    expect(entry).toMatchObject({ size: data.length, isInstaller: true });
    expect(Date.parse(entry!.modified)).not.toBeNaN();

    const download = await fetch(`${t.url}/api/downloads/${encodeURIComponent('RemoteTool-Setup 2.4.exe')}`, { headers: { authorization: `Bearer ${tech}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
  });

  it('replaces a file uploaded again under the same name and says so', async () => {
    await uploadFile(t.url, 'manual.pdf', fakePdf(), { token: admin });
    const second = Buffer.concat([fakePdf(), Buffer.from('% revision 2\n')]);
    const res = await uploadFile(t.url, 'manual.pdf', second, { token: admin });
    expect(res.status).toBe(201);
    expect(res.body.replaced).toBe(true);
    expect((await list()).find((f) => f.name === 'manual.pdf')?.size).toBe(second.length);
  });

  it.each([
    ['../../etc/passwd.txt', 'File name must not contain folders or ".."'],
    ['..\\..\\windows\\evil.exe', 'File name must not contain folders or ".."'],
    ['/etc/cron.d/job.sh', 'File name must not contain folders or ".."'],
    ['sub/dir.pdf', 'File name must not contain folders or ".."'],
    ['.htaccess.txt', 'Hidden files (names starting with ".") are not allowed'],
    ['invoice<script>.html', 'File name may only contain'],
    ['tab\tname.pdf', 'File name may only contain'],
    ['shell.php', 'Files of type .php are not allowed'],
    ['README', 'File name needs an extension'],
    ['CON.txt', 'File name is reserved by Windows'],
  ])('refuses the unsafe name %j with a clear 400 and stores nothing', async (name, message) => {
    const before = await names();
    const res = await uploadFile(t.url, name, Buffer.from('harmless text\n'), { token: admin });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.message).toContain(message);
    expect(res.body.fieldErrors.file[0]).toContain(message);
    expect(await names()).toEqual(before);
  });

  it('stores a decomposed (NFD) name as NFC, so it is the same file whoever uploads it', async () => {
    const nfd = 'U\u0308berweisung.pdf';
    const res = await uploadFile(t.url, nfd, fakePdf(), { token: admin });
    expect(res.status, res.text).toBe(201);
    expect(res.body.file.name).toBe('\u00dcberweisung.pdf');
    expect(await names()).toContain('\u00dcberweisung.pdf');
  });

  it('refuses the name of a built-in download with 409', async () => {
    const res = await uploadFile(t.url, 'customer-portal.html', Buffer.from('<html>fake</html>'), { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.fileNameReserved);
  });

  it('answers 413 with the limit when Content-Length announces more than UPLOAD_MAX_MB, before reading the body', async () => {
    const res = await uploadFile(t.url, 'huge.zip', Buffer.alloc(16), { token: admin, contentLength: 50 * MB });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'too_large', message: fileTooLargeMessage(MB) });
  });

  it('answers 413 when a chunked upload (no Content-Length) grows beyond the limit, and keeps nothing', async () => {
    const data = fakeExe(MB + 200 * 1024);
    const res = await uploadFile(t.url, 'too-big.exe', data, { token: admin, chunked: true });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(fileTooLargeMessage(MB));
    expect(await eventually(async () => !(await names()).includes('too-big.exe') && partialFiles().length === 0)).toBe(true);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await uploadFile(t.url, 'exact.exe', fakeExe(MB), { token: admin, chunked: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body.file.size).toBe(MB);
  });

  it('leaves no file (final or partial) when the client goes away mid-upload, and keeps an earlier version intact', async () => {
    await abortedUpload(t.url, 'half.exe', fakeExe(400 * 1024), 900 * 1024, admin);
    const original = fakeExe(2048);
    expect((await uploadFile(t.url, 'keep.exe', original, { token: admin })).status).toBe(201);
    await abortedUpload(t.url, 'keep.exe', fakeExe(300 * 1024), 900 * 1024, admin);

    const clean = await eventually(async () => !(await names()).includes('half.exe') && partialFiles().length === 0);
    expect(clean).toBe(true);
    const kept = await fetch(`${t.url}/api/downloads/keep.exe`, { headers: { authorization: `Bearer ${admin}` } });
    expect(Buffer.from(await kept.arrayBuffer()).equals(original)).toBe(true);
  });

  it.each([
    ['report.pdf', fakePng(), 'it looks like a .png file'],
    ['setup.exe', Buffer.from('just some text pretending to be a program\n'), 'its content is not recognised as that type'],
    ['notes.txt', fakeExe(), 'it contains binary data'],
    ['data.csv', Buffer.from([0x61, 0x2c, 0x62, 0x00, 0x01, 0x02, 0x0a]), 'it contains binary data'],
    ['photo.png', fakePdf(), 'it looks like a .pdf file'],
  ])('refuses %s whose bytes do not match the extension (400) and stores nothing', async (name, data, detail) => {
    const res = await uploadFile(t.url, name, data, { token: admin });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(`The file content does not match its .${name.split('.').pop()} extension (${detail}).`);
    expect(await names()).not.toContain(name);
  });

  it('an upload racing a delete of the same name never answers 5xx', async () => {
    const name = 'race-tool.exe';
    expect((await uploadFile(t.url, name, fakeExe(64 * 1024), { token: admin })).status).toBe(201);
    const statuses: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => uploadFile(t.url, name, fakeExe(64 * 1024), { token: admin }).then((r) => r.status)),
        ...Array.from({ length: 4 }, () => t.request('DELETE', `/api/admin/files/${name}`, { token: admin }).then((r) => r.status)),
      ]);
      statuses.push(...answers);
    }
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    expect(new Set(statuses.filter((st) => ![201, 204, 404, 409].includes(st)))).toEqual(new Set());
  });

  it('accepts text whatever a sniffer makes of it: 600 kB of "G" (an MPEG-TS sync byte pattern) as .txt', async () => {
    const res = await uploadFile(t.url, 'all-g.txt', Buffer.alloc(600_000, 'G'), { token: admin });
    expect(res.status, res.text).toBe(201);
    expect(await names()).toContain('all-g.txt');
  });

  it('refuses an empty file, a request without the field "file", and a body that is not multipart', async () => {
    expect((await uploadFile(t.url, 'empty.txt', Buffer.alloc(0), { token: admin })).body.message).toBe('The file is empty');
    const wrongField = await uploadFile(t.url, 'tool.exe', fakeExe(), { token: admin, field: 'upload' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe(MSG.fileMissingUpload);
    const json = await t.request('POST', '/api/admin/files/upload', { token: admin, body: { file: 'tool.exe' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(MSG.uploadNotMultipart);
  });

  it('accepts UTF-16 text with a byte order mark (PowerShell exports) and HTML/SVG pages', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Write-Host "hi"\r\n', 'utf16le')]);
    expect((await uploadFile(t.url, 'hello.ps1', utf16, { token: admin })).status).toBe(201);
    expect((await uploadFile(t.url, 'page.html', Buffer.from('<!doctype html><p>hi</p>'), { token: admin })).status).toBe(201);
    expect((await uploadFile(t.url, 'logo.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), { token: admin })).status).toBe(201);
  });

  it('deletes a file (204), then answers 404; unsafe names are a 400', async () => {
    await uploadFile(t.url, 'old-driver.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200)]), { token: admin });
    expect((await t.request('DELETE', '/api/admin/files/old-driver.zip', { token: admin })).status).toBe(204);
    expect(await names()).not.toContain('old-driver.zip');
    const again = await t.request('DELETE', '/api/admin/files/old-driver.zip', { token: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MSG.fileNotFound);
    const traversal = await t.request('DELETE', `/api/admin/files/${encodeURIComponent('../pgdata/PG_VERSION.txt')}`, { token: admin });
    expect(traversal.status).toBe(400);
  });

  it('refuses to delete a file that content items use (409 naming them), and deletes it once they stop using it', async () => {
    await uploadFile(t.url, 'vpn-client.msi', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]), { token: admin });
    const item = await t.request('POST', '/api/content', {
      token: admin,
      body: { title: 'VPN Client', type: 'installer', category: 'Support Tools', fileName: 'vpn-client.msi', platform: 'Windows' },
    });
    expect(item.status, item.text).toBe(201);
    const refused = await t.request('DELETE', '/api/admin/files/vpn-client.msi', { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This file is used by the content item "VPN Client". Remove it from that item or delete it first.');
    expect(refused.body.usedBy).toEqual([{ id: item.body.id, title: 'VPN Client' }]);
    expect(await names()).toContain('vpn-client.msi');

    expect((await t.request('PATCH', `/api/content/${item.body.id}`, { token: admin, body: { fileName: null } })).status).toBe(200);
    expect((await t.request('DELETE', '/api/admin/files/vpn-client.msi', { token: admin })).status).toBe(204);
  });

  it('never leaves a content item pointing at a deleted file when both race', async () => {
    for (let round = 0; round < 6; round++) {
      const name = `race-${round}.exe`;
      expect((await uploadFile(t.url, name, fakeExe(), { token: admin })).status).toBe(201);
      const [created, deleted] = await Promise.all([
        t.request('POST', '/api/content', { token: admin, body: { title: `Race ${round}`, type: 'installer', category: 'Utilities', fileName: name } }),
        t.request('DELETE', `/api/admin/files/${name}`, { token: admin }),
      ]);
      const fileExists = (await names()).includes(name);
      if (created.status === 201) {
        // The item won: the file must still be there and its deletion refused.
        expect(deleted.status).toBe(409);
        expect(fileExists).toBe(true);
      } else {
        // The deletion won: the item was refused for a file that is no longer stored.
        expect(deleted.status).toBe(204);
        expect(created.status).toBe(400);
        expect(fileExists).toBe(false);
      }
    }
  });

  it('is admin only: a technician can neither list, upload nor delete', async () => {
    expect((await t.request('GET', '/api/admin/files', { token: tech })).status).toBe(403);
    const upload = await uploadFile(t.url, 'x.exe', fakeExe(), { token: tech });
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe(MSG.adminRequired);
    expect(await names()).not.toContain('x.exe');
    expect((await t.request('DELETE', '/api/admin/files/manual.pdf', { token: tech })).status).toBe(403);
  });
});
