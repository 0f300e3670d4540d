import { readToken } from './session';

/**
 * "Keep on this device" (DESIGN.md 1: technicians at sites with no signal): downloads
 * are stored in the Cache Storage cache {@link KEPT_FILES_CACHE}, keyed by their download URL, with
 * the server's headers (type, length, ETag, Content-Disposition, the sandbox CSP). The page reads
 * them back to download offline; the service worker (sw/sw.ts) answers `/api/downloads/*` from this
 * cache when the network fails. Keeping a file asks the browser to make the site's storage
 * persistent (`navigator.storage.persist()`), so it is not evicted under storage pressure.
 * Kept tools are not personal data and stay until removed (also across sign-out).
 */

/** Name of the Cache Storage cache holding kept downloads (shared with the service worker). */
export const KEPT_FILES_CACHE = 'kept-downloads-v1';
/** Path prefix of downloads (GET /api/downloads/:fileName). */
export const DOWNLOADS_PATH = '/api/downloads/';

/** The download URL of `fileName` (same origin, path only). */
export function downloadUrl(fileName: string): string {
  return `${DOWNLOADS_PATH}${encodeURIComponent(fileName)}`;
}

/** One kept file. */
export interface KeptFile {
  fileName: string;
  /** Bytes. */
  size: number;
  etag: string | null;
}

/** Storage use of this site (all caches and databases), as the browser estimates it. */
export interface DeviceStorage {
  /** Bytes in use, or null when the browser does not say. */
  usage: number | null;
  quota: number | null;
  /** True when the browser granted persistent storage. */
  persisted: boolean;
}

/** False where Cache Storage is missing (old browsers, insecure origins). */
export function canKeepFiles(): boolean {
  return typeof caches !== 'undefined';
}

const openCache = () => caches.open(KEPT_FILES_CACHE);

/** The kept copy of `fileName` as a Response, if any. */
export async function readKeptFile(fileName: string): Promise<Response | undefined> {
  if (!canKeepFiles()) return undefined;
  return (await openCache()).match(downloadUrl(fileName));
}

/** Every kept file with its size. */
export async function listKeptFiles(): Promise<KeptFile[]> {
  if (!canKeepFiles()) return [];
  const cache = await openCache();
  const out: KeptFile[] = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(DOWNLOADS_PATH)) continue;
    const res = await cache.match(request);
    const length = Number(res?.headers.get('Content-Length'));
    out.push({
      fileName: decodeURIComponent(path.slice(DOWNLOADS_PATH.length)),
      size: Number.isFinite(length) ? length : 0,
      etag: res?.headers.get('ETag') ?? null,
    });
  }
  return out;
}

/**
 * Downloads `fileName` into the cache (streamed to disk by the browser) and asks for persistent
 * storage. Resolves with the kept file.
 * @throws Response-status Error ('403: ...') when the server refuses, TypeError when offline.
 */
export async function keepFile(fileName: string): Promise<KeptFile> {
  const url = downloadUrl(fileName);
  const token = readToken();
  const res = await fetch(url, { credentials: 'include', cache: 'no-store', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const size = Number(res.headers.get('Content-Length')) || 0;
  const etag = res.headers.get('ETag');
  await (await openCache()).put(url, res);
  await requestPersistentStorage();
  return { fileName, size, etag };
}

/** Removes the kept copy of `fileName`. */
export async function forgetFile(fileName: string): Promise<void> {
  if (!canKeepFiles()) return;
  await (await openCache()).delete(downloadUrl(fileName));
}

/** Asks once for persistent storage; resolves with whether the site has it. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** How much this site stores and whether it is persistent. */
export async function estimateDeviceStorage(): Promise<DeviceStorage> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  try {
    const [estimate, persisted] = await Promise.all([storage?.estimate?.(), storage?.persisted?.()]);
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted === true };
  } catch {
    return { usage: null, quota: null, persisted: false };
  }
}

/** Makes the browser download `url` as `fileName` (a temporary `<a download>` clicked once). */
export function clickDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Makes the browser save `blob` as `fileName` (a download, never rendered: HTML stays inert). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
