/**
 * The anonymous image check at the end of a tus upload (issue 55 defect 5: a 311 KB 9999x9999 PNG
 * was accepted and 20 of them took 15.8 s of server CPU): the header alone tells the decoded size;
 * over ANON_MAX_PIXELS the upload is refused (400) before anything decodes it, and the decoding the
 * attach will do costs the client's IP one point of its `uploadCreate` limit per whole
 * 10 megapixels (a phone photo of 12 MP one more point, a 40 MP image four; 429 when used up). The
 * decode itself runs in an image process that is killed at IMAGE_TIMEOUT_MS (imagePool.ts).
 */
import sharp from 'sharp';
import { attachmentTypeOf } from '@portal/shared';
import { RateLimitedError, badRequest } from '../../http/errors';
import type { Services } from '../../services';
import { ANON_MAX_PIXELS, tooManyPixelsMessage } from './process';
import type { AttachmentRuntime } from './runtime';

/** Pixels that cost one point of the per-IP upload limit. */
export const PIXELS_PER_POINT = 10_000_000;
/** Bytes read for the header (formats keep their size in the first bytes; JPEG after its EXIF block). */
const HEADER_BYTES = 256 * 1024;

/** Width x height from the first bytes of an image, or null when the header cannot be read there. */
async function pixelsOf(head: Buffer): Promise<number | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? meta.width * meta.height : null;
  } catch {
    return null;
  }
}

/**
 * See the module doc; a non-image passes. @throws 400 tooManyPixelsMessage; 429 when the IP's
 * upload points are used up.
 */
export async function anonymousImageCheck(s: Pick<Services, 'limiters'>, rt: AttachmentRuntime, uploadId: string, fileName: string, ip: string): Promise<void> {
  if (!attachmentTypeOf(fileName)?.image) return;
  const stream = await rt.uploads.read(uploadId);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= HEADER_BYTES) break;
  }
  stream.destroy();
  const pixels = await pixelsOf(Buffer.concat(chunks, total));
  // Unreadable from the header: the attach's decode (limitInputPixels) refuses it, as any broken image.
  if (pixels === null) return;
  if (pixels > ANON_MAX_PIXELS) throw badRequest(tooManyPixelsMessage(fileName, ANON_MAX_PIXELS), { attachments: [tooManyPixelsMessage(fileName, ANON_MAX_PIXELS)] });
  const points = Math.floor(pixels / PIXELS_PER_POINT);
  if (points === 0) return;
  try {
    await s.limiters.uploadCreate.consume(ip, points);
  } catch (err) {
    const wait = (err as { msBeforeNext?: number }).msBeforeNext;
    if (typeof wait === 'number') throw new RateLimitedError(Math.max(1, Math.ceil(wait / 1000)));
    throw err;
  }
}
