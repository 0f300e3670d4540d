import { z } from 'zod';
import { CONTENT_CATEGORIES, CONTENT_TYPES, PLATFORMS } from '../constants';
import type { ContentCategory, ContentType, Platform } from '../constants';
import { MSG } from '../messages';
import { fileNameSchema } from './files';

/**
 * Content items (SPEC.md 3 `content_items`, 7, 9): documents, guides and installers that admins
 * manage on /admin/content; active items of category 'Support Tools' also appear on /downloads.
 * The same schemas validate the content form and the API bodies.
 */

/** '' or whitespace -> null, so an emptied form field clears the value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const shape = {
  title: z.string({ error: MSG.titleRequired }).trim().min(1, MSG.titleRequired).max(200, 'Title must be at most 200 characters'),
  description: z.preprocess(blankToNull, z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable()),
  type: z.enum(CONTENT_TYPES, { message: MSG.contentTypeRequired }),
  category: z.enum(CONTENT_CATEGORIES, { message: MSG.categoryRequired }),
  fileName: z.preprocess(blankToNull, fileNameSchema.nullable()),
  version: z.preprocess(blankToNull, z.string().trim().max(50, 'Version must be at most 50 characters').nullable()),
  platform: z.preprocess(blankToNull, z.enum(PLATFORMS, { message: MSG.platformInvalid }).nullable()),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

/** POST /api/content body (SPEC.md 7): title, type and category required; the rest optional; active by default. */
export const contentItemCreateSchema = z.object({
  ...shape,
  description: shape.description.optional().transform((v) => v ?? null),
  fileName: shape.fileName.optional().transform((v) => v ?? null),
  version: shape.version.optional().transform((v) => v ?? null),
  platform: shape.platform.optional().transform((v) => v ?? null),
  isActive: shape.isActive.default(true),
});
export type ContentItemCreate = z.output<typeof contentItemCreateSchema>;

/** PATCH /api/content/:id body (SPEC.md 7 "same"): any subset of the create fields; null clears an optional one. */
export const contentItemPatchSchema = z.object(shape).partial();
export type ContentItemPatch = z.output<typeof contentItemPatchSchema>;

/** A content item as the API returns it. */
export interface ContentItem {
  id: string;
  title: string;
  description: string | null;
  type: ContentType;
  category: ContentCategory;
  fileName: string | null;
  version: string | null;
  platform: Platform | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Size in bytes of the stored file; null without a file or when the file is missing from storage. */
  fileSize: number | null;
}
