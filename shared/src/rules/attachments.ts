/**
 * Ticket attachments (README "Attachments"): photos and files a customer adds to the public form and
 * a technician adds to a work-history entry. Files travel over the tus 1.0 endpoint `/api/uploads`;
 * the ticket create and PATCH bodies then name the finished uploads by id (`attachments`).
 * The types, limits and labels here are shared by the API (checks, messages) and the PWA (file
 * pickers, counts on the ticket card); the request schemas are in ../schemas/attachments.ts (kept
 * apart so the public pages can use these rules without loading zod).
 */
import { BYTES_PER_MB, fileExtension } from './files';

/** Files one form submission or one ticket update may carry (issue: "up to 5 files"). */
export const ATTACHMENTS_PER_REQUEST = 5;

/** Default limits (README "Attachments"; the API reads ATTACHMENT_* variables over these). */
export const ATTACHMENT_DEFAULTS = {
  /** Largest file after the phone's compression, MiB. */
  maxFileMb: 10,
  /** Most attachments one ticket may hold. */
  ticketMaxFiles: 20,
  /** Most bytes one ticket's attachments may hold, MiB (stored sizes, after re-encoding). */
  ticketMaxMb: 50,
} as const;

/** Longest side of an image after the phone's compression and after the API's re-encoding, px. */
export const IMAGE_MAX_SIDE = 2560;
/** Longest side of a thumbnail, px. */
export const THUMB_MAX_SIDE = 320;

/** Attachment types by extension: images (re-encoded, thumbnailed), PDF and text/log files. */
export const ATTACHMENT_TYPES: Readonly<Record<string, { contentType: string; image: boolean }>> = {
  jpg: { contentType: 'image/jpeg', image: true },
  jpeg: { contentType: 'image/jpeg', image: true },
  png: { contentType: 'image/png', image: true },
  webp: { contentType: 'image/webp', image: true },
  gif: { contentType: 'image/gif', image: true },
  pdf: { contentType: 'application/pdf', image: false },
  txt: { contentType: 'text/plain; charset=utf-8', image: false },
  log: { contentType: 'text/plain; charset=utf-8', image: false },
};

/** The file picker's `accept` attribute. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,text/plain,.txt,.log,.pdf,.jpg,.jpeg,.png,.webp,.gif';

/** The type of `fileName`, or undefined when attachments of that type are not accepted. */
export function attachmentTypeOf(fileName: string): { contentType: string; image: boolean } | undefined {
  const ext = fileExtension(fileName);
  return Object.prototype.hasOwnProperty.call(ATTACHMENT_TYPES, ext) ? ATTACHMENT_TYPES[ext] : undefined;
}

/** The 400 text for a file type that is not accepted. */
export function attachmentTypeMessage(fileName: string): string {
  return `${fileName}: only photos (JPEG, PNG, WebP, GIF), PDF and text or log files can be attached.`;
}

/** The 413 text for one file over `maxBytes`. */
export function attachmentTooLargeMessage(maxBytes: number): string {
  return `The file is too large. Each attachment may be at most ${Math.floor(maxBytes / BYTES_PER_MB)} MB.`;
}

/** The 413 text when a ticket would hold more than `maxFiles` attachments. */
export function ticketAttachmentCountMessage(maxFiles: number): string {
  return `A ticket can hold at most ${maxFiles} attachments.`;
}

/** The 413 text when a ticket's attachments would exceed `maxBytes`. */
export function ticketAttachmentSizeMessage(maxBytes: number): string {
  return `A ticket's attachments can take at most ${Math.floor(maxBytes / BYTES_PER_MB)} MB in total.`;
}

/** PATCH with attachments but no comment (each attachment belongs to a work-history entry). */
export const ATTACHMENTS_NEED_COMMENT = 'Add a comment to go with the attachments';

/** One attachment as the API lists it (on a ticket and on its work-history entry). */
export interface AttachmentInfo {
  id: string;
  fileName: string;
  contentType: string;
  /** Stored bytes (after re-encoding). */
  size: number;
  /** True when a thumbnail exists (`?thumb=1`). */
  thumb: boolean;
}

/** True for photos (shown as thumbnails and counted as photos). */
export const isPhoto = (a: Pick<AttachmentInfo, 'contentType'>): boolean => a.contentType.startsWith('image/');

/**
 * The ticket card's count: "3 photos", "1 file", "2 photos, 1 file"; '' when there are none.
 */
export function attachmentCountLabel(list: readonly Pick<AttachmentInfo, 'contentType'>[]): string {
  const photos = list.filter(isPhoto).length;
  const files = list.length - photos;
  const parts: string[] = [];
  if (photos) parts.push(`${photos} photo${photos === 1 ? '' : 's'}`);
  if (files) parts.push(`${files} file${files === 1 ? '' : 's'}`);
  return parts.join(', ');
}
