import { opensInTab } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { clickDownload, downloadUrl, readKeptFile, saveBlob } from '../../lib/keptFiles';
import { checkDownload } from './api/checkDownload';

/** How a download was started. */
export type DownloadOutcome = 'network' | 'tab' | 'kept';

/**
 * Starts the download of `fileName` (SPEC.md 2: "Downloading triggers a browser download; .html
 * files open in a new tab"):
 * - online: a HEAD request checks the file and the session first, then the browser is sent to
 *   the URL (session cookie): a download, or for HTML/SVG a new tab where the server's sandbox CSP
 *   keeps the page away from the app's storage;
 * - offline, or when the network fails, with a kept copy: the copy is saved from Cache Storage as
 *   a download (HTML too: a page opened from a same-origin blob would not be sandboxed).
 * @throws when it could not start (no kept copy and no network, or the server refused).
 */
export async function startDownload(fileName: string, online: boolean): Promise<DownloadOutcome> {
  const saveKept = async () => {
    const kept = await readKeptFile(fileName);
    if (!kept) return false;
    saveBlob(await kept.blob(), fileName);
    return true;
  };
  if (!online) {
    if (await saveKept()) return 'kept';
    throw new Error('offline and not kept on this device');
  }
  try {
    await checkDownload(fileName);
  } catch (err) {
    if (!isApiError(err) && (await saveKept())) return 'kept';
    throw err;
  }
  const url = downloadUrl(fileName);
  if (opensInTab(fileName)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return 'tab';
  }
  clickDownload(url, fileName);
  return 'network';
}
