/**
 * The disk runtime's upload folder exists when createAttachmentRuntime returns (runtime.ts): no
 * write into DATA_DIR is left pending after start-up, and a folder that cannot be made is an error
 * of the call, not a later uncaught exception.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { createAttachmentRuntime } from './runtime';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-runtime-'));
  made.push(dir);
  return dir;
}

describe('attachment runtime on disk', () => {
  it('has made DATA_DIR/tus (0700) by the time it returns, and writes nothing after', async () => {
    const dataDir = tempDir();
    const rt = createAttachmentRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const stat = fs.statSync(path.join(dataDir, 'tus'));
      expect(stat.isDirectory()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o700);
      // Removing DATA_DIR right away leaves nothing behind (no mkdir still pending).
      fs.rmSync(dataDir, { recursive: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      rt.images.close();
    }
  });

  it('throws at the call when the folder cannot be made', () => {
    const parent = tempDir();
    const dataDir = path.join(parent, 'not-a-folder');
    fs.writeFileSync(dataDir, 'x');
    expect(() => createAttachmentRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))).toThrow(/ENOTDIR|EEXIST/);
  });
});
