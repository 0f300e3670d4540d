/**
 * Files picked for a ticket, made ready on the device (README "Attachments"): accepted types only
 * (shared ATTACHMENT_TYPES), photos downscaled with `browser-image-compression` (long side
 * IMAGE_MAX_SIDE px, JPEG, about 1 MB: a 12 MB phone photo costs about 1 MB on a bad network; EXIF
 * is not kept), and at most ATTACHMENT_DEFAULTS.maxFileMb per file after that.
 */
import { ATTACHMENT_DEFAULTS, BYTES_PER_MB, IMAGE_MAX_SIDE, attachmentTooLargeMessage, attachmentTypeMessage, attachmentTypeOf } from '@portal/shared';

/** A picked file ready to queue: the bytes to send, the name to show, a preview URL for photos. */
export interface PickedFile {
  id: string;
  file: Blob;
  name: string;
  /** Object URL of the (compressed) photo; null for other files. Revoke when removed. */
  preview: string | null;
}

/** Photos the library re-encodes (GIF keeps its frames as sent; the server makes it one PNG frame). */
const COMPRESSIBLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Checks and prepares one picked file.
 * @returns the file, or `{ error }` with the message to show (type or size).
 */
export async function prepareFile(file: File): Promise<PickedFile | { error: string }> {
  const type = attachmentTypeOf(file.name);
  if (!type) return { error: attachmentTypeMessage(file.name) };
  let blob: Blob = file;
  let name = file.name;
  if (COMPRESSIBLE.has(file.type)) {
    try {
      // Loaded when a photo is picked (public pages stay within their JS budget). No web worker:
      // the library would fetch its worker script from a CDN (offline, CSP).
      const { default: imageCompression } = await import('browser-image-compression');
      blob = await imageCompression(file, { maxWidthOrHeight: IMAGE_MAX_SIDE, maxSizeMB: 1, initialQuality: 0.85, fileType: 'image/jpeg', useWebWorker: false });
      name = name.replace(/\.[^.]*$/, '.jpg');
    } catch {
      blob = file; // the server re-encodes it anyway
    }
  }
  const max = ATTACHMENT_DEFAULTS.maxFileMb * BYTES_PER_MB;
  if (blob.size > max) return { error: `${file.name}: ${attachmentTooLargeMessage(max)}` };
  return { id: crypto.randomUUID(), file: blob, name, preview: type.image ? URL.createObjectURL(blob) : null };
}
