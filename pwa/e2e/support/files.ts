/**
 * Test data of the files e2e (files.e2e.ts): the accounts it creates, the installer it uploads (bytes
 * `file-type` takes for a Windows executable) and the tool made from it, and reading a download.
 */
import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';

export const TECH = { username: 'files.tech', password: 'tech-pass-1' };
export const USER = { username: 'files.user', password: 'user-pass-1' };
export const INSTALLER = 'FieldAgent-Setup 3.1.exe';
export const TOOL_TITLE = 'Field Agent';

/** Bytes `file-type` identifies as a Windows executable (MZ + PE header), `size` long. */
export function fakeExe(size: number): Buffer {
  const b = Buffer.alloc(size, 0x41);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  for (let i = 0x100; i < size; i += 97) b[i] = i % 251;
  return b;
}
/** The installer the tests upload (300 KiB). */
export const installer = fakeExe(300 * 1024);

/** The bytes of a Playwright download. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}
