/**
 * Survey link tokens: HMAC of the invitation id under a secret that lives outside the
 * database (SURVEY_SECRET or a generated 0600 key file in DATA_DIR).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SURVEY_KEY_FILE, createSurveyLinks, loadOrCreateSurveySecret, surveyTokenHash } from './links';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-links-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('survey link tokens', () => {
  it('are 256-bit base64url, stable per invitation, different per invitation and per secret', () => {
    const a = createSurveyLinks({ secret: Buffer.alloc(32, 1), dataDir: '/nonexistent' });
    const b = createSurveyLinks({ secret: Buffer.alloc(32, 2), dataDir: '/nonexistent' });
    const t = a.token('inv-1');
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(a.token('inv-1')).toBe(t);
    expect(a.token('inv-2')).not.toBe(t);
    expect(b.token('inv-1')).not.toBe(t);
    expect(surveyTokenHash(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(surveyTokenHash(t)).not.toContain(t);
  });

  it('without SURVEY_SECRET use a key file created once with mode 0600, and only when first needed', () => {
    const dir = tempDir();
    const links = createSurveyLinks({ secret: undefined, dataDir: dir });
    expect(fs.existsSync(path.join(dir, SURVEY_KEY_FILE))).toBe(false);
    const t = links.token('inv-1');
    const file = path.join(dir, SURVEY_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Another process (or a restart) reads the same key and derives the same token.
    expect(createSurveyLinks({ secret: undefined, dataDir: dir }).token('inv-1')).toBe(t);
    expect(loadOrCreateSurveySecret(dir)).toHaveLength(32);
  });
});
