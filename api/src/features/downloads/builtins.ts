/**
 * The built-in downloads (SPEC.md 2 fixed catalogue; shared DOWNLOAD_CATALOGUE): six files shipped
 * in api/assets/downloads, read-only. HTML entries are templates: {{APP_NAME}}, {{SUPPORT_PHONE}},
 * {{SUPPORT_EMAIL}} and {{PUBLIC_URL}} are replaced (HTML-escaped) with this deployment's values, so
 * the customer portal a technician leaves on a desktop names the right business and number. Files
 * are small (< 64 KB): each is read and rendered once per process and kept in memory.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { catalogueEntry, opensInTab } from '@portal/shared';
import type { Config } from '../../config';
import { API_ROOT } from '../../paths';

/** Folder of the shipped catalogue files. */
export const BUILT_IN_DIR = path.join(API_ROOT, 'assets', 'downloads');

export interface BuiltInFile {
  data: Buffer;
  modified: Date;
  etag: string;
  /** Hex SHA-256 of `data` as served (computed once when rendered; /downloads shows it). */
  sha256: string;
}

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Loader of the built-in files for one configuration. */
export function createBuiltIns(config: Pick<Config, 'appName' | 'supportPhone' | 'supportEmail' | 'publicUrl'>) {
  const values: Record<string, string> = {
    APP_NAME: config.appName,
    SUPPORT_PHONE: config.supportPhone,
    SUPPORT_EMAIL: config.supportEmail,
    PUBLIC_URL: config.publicUrl,
  };
  const cache = new Map<string, Promise<BuiltInFile>>();

  async function load(fileName: string): Promise<BuiltInFile> {
    const file = path.join(BUILT_IN_DIR, fileName);
    const [raw, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
    const data = opensInTab(fileName)
      ? Buffer.from(raw.toString('utf8').replace(/\{\{(APP_NAME|SUPPORT_PHONE|SUPPORT_EMAIL|PUBLIC_URL)\}\}/g, (_, k: string) => escapeHtml(values[k]!)))
      : raw;
    const digest = createHash('sha256').update(data).digest();
    const etag = `"b-${digest.toString('base64url').slice(0, 27)}"`;
    return { data, modified: new Date(Math.floor(stat.mtimeMs / 1000) * 1000), etag, sha256: digest.toString('hex') };
  }

  return {
    /** The rendered built-in file of that name, or null when `fileName` is not in the catalogue. */
    get(fileName: string): Promise<BuiltInFile> | null {
      const entry = catalogueEntry(fileName);
      if (!entry) return null;
      let loaded = cache.get(entry.fileName);
      if (!loaded) {
        loaded = load(entry.fileName);
        loaded.catch(() => cache.delete(entry.fileName));
        cache.set(entry.fileName, loaded);
      }
      return loaded;
    },
  };
}
