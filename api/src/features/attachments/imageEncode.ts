/**
 * The image work itself (docs/attachments.md step 3), run only inside an image process
 * (image-worker.ts, started by imagePool.ts) so a slow or hostile image can be killed at its
 * deadline: decode, turn upright, at most IMAGE_MAX_SIDE px, re-encode WITHOUT any metadata (EXIF,
 * GPS, XMP, ICC comments are dropped; sharp keeps none unless asked), plus a THUMB_MAX_SIDE px WebP
 * thumbnail. GIF becomes PNG (one frame).
 */
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_SIDE, THUMB_MAX_SIDE } from '@portal/shared';

/** A re-encoded image and its thumbnail. */
export interface EncodedImage {
  data: Buffer;
  thumb: Buffer;
  /** Extension of `data` ('jpg', 'png', 'webp'). */
  ext: string;
  contentType: string;
}

/**
 * 'attachment': the stored image and its WebP thumbnail (module doc). 'reportThumb': only a
 * THUMB_MAX_SIDE px JPEG on white in `data` (`thumb` empty), for PDFs (pdfkit embeds JPEG without decoding).
 */
export type EncodeMode = 'attachment' | 'reportThumb';

/** Why an image was not re-encoded: not decodable as an image, or over the pixel cap (from its header). */
export type EncodeRefusal = 'unreadable' | 'pixels';

/** Output format of a re-encoded image: the same family, GIF becomes PNG (one frame). */
const OUTPUT: Record<string, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'png', contentType: 'image/png' },
};

/**
 * See the module doc. `maxPixels` is checked from the header before anything decodes, and again by
 * sharp's limitInputPixels. Never throws: a refusal comes back as `{ refused }`.
 */
export async function encodeImage(bytes: Buffer, maxPixels: number, mode: EncodeMode = 'attachment'): Promise<EncodedImage | { refused: EncodeRefusal }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return { refused: 'unreadable' };
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) return { refused: 'pixels' };
  const out = OUTPUT[meta.format ?? ''];
  if (!out) return { refused: 'unreadable' };
  if (mode === 'reportThumb') return reportThumb(bytes, maxPixels);
  try {
    let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
    pipeline = pipeline.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    pipeline = out.ext === 'jpg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : out.ext === 'png' ? pipeline.png() : pipeline.webp({ quality: 85 });
    const data = await pipeline.toBuffer();
    const thumb = await sharp(data).resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return { data, thumb, ...out };
  } catch {
    return { refused: 'unreadable' };
  }
}

/** The 'reportThumb' mode of {@link encodeImage}. */
async function reportThumb(bytes: Buffer, maxPixels: number): Promise<EncodedImage | { refused: EncodeRefusal }> {
  try {
    const data = await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels })
      .rotate()
      .resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { data, thumb: Buffer.alloc(0), ext: 'jpg', contentType: 'image/jpeg' };
  } catch {
    return { refused: 'unreadable' };
  }
}
