/**
 * Photos for a PDF (the visits feature's service report, docs/visits.md): each photo's stored WebP
 * thumbnail (THUMB_MAX_SIDE px, made when it was attached) turned into a JPEG of the same size, which
 * pdfkit embeds without decoding. The decode runs in an image process (imagePool.ts, mode
 * 'reportThumb'), never on the API's threads, and is killed at IMAGE_TIMEOUT_MS like any image.
 */
import { buffer } from 'node:stream/consumers';
import type { Services } from '../../services';
import { MAX_PIXELS } from './process';
import { attachmentsOfTicket } from './repository';
import { attachmentsFor } from './runtime';

/**
 * JPEG thumbnails of the photos of ticket `ticketId` recorded from `uploadIds`, in that order; a
 * photo that is gone, not an image or refused by the image process is left out.
 */
export async function photoThumbnails(s: Pick<Services, 'config' | 'db'>, ticketId: string, uploadIds: readonly string[]): Promise<Buffer[]> {
  if (uploadIds.length === 0) return [];
  const rt = attachmentsFor(s);
  const rows = new Map((await attachmentsOfTicket(s.db, ticketId)).map((r) => [r.uploadId, r]));
  const out: Buffer[] = [];
  for (const id of uploadIds) {
    const row = rows.get(id);
    if (!row || !row.contentType.startsWith('image/')) continue;
    const stream = await rt.storage.read(row.thumbName ?? row.storageName);
    if (!stream) continue;
    const result = await rt.images.run(await buffer(stream), MAX_PIXELS, { mode: 'reportThumb' });
    if (!('refused' in result)) out.push(result.data);
  }
  return out;
}

/**
 * `bytes` (an image the admin sent, e.g. the report logo) as a THUMB_MAX_SIDE px JPEG on white,
 * decoded in an image process; null when it is not a readable image within MAX_PIXELS.
 */
export async function imageAsReportJpeg(s: Pick<Services, 'config'>, bytes: Buffer): Promise<Buffer | null> {
  const result = await attachmentsFor(s).images.run(bytes, MAX_PIXELS, { mode: 'reportThumb' });
  return 'refused' in result ? null : result.data;
}
