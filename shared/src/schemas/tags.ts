/**
 * Free tags on tickets (issue 57 point 3, docs/tags.md). A ticket's tags are a SET of names: PATCH
 * /api/tickets/:id sends `tagsAdd` / `tagsRemove` (names), never the whole list, so a tag added
 * offline merges with one added online (rules/tags.ts `mergeTagSet`); tags never conflict.
 */
import { z } from 'zod';
import { safeText } from './text';

export const TAG_MSG = {
  nameRequired: 'Enter a tag name.',
  nameTaken: 'A tag with this name already exists.',
  notFound: 'Tag not found.',
  mayNotCreate: 'Only an admin can create new tags.',
  mergeIntoSelf: 'Choose another tag to merge into.',
  nameOrMerge: 'Send a new name or a tag to merge into.',
} as const;

/** Longest tag name. */
export const TAG_NAME_MAX = 40;
/** Most tags one PATCH may add or remove. */
export const TAG_CHANGE_MAX = 20;

/** A tag name: trimmed, inner spaces collapsed, 1-40 characters. Unique regardless of case. */
export const tagNameSchema = safeText({ error: TAG_MSG.nameRequired })
  .trim()
  .transform((v) => v.replace(/\s+/g, ' '))
  .pipe(z.string().min(1, TAG_MSG.nameRequired).max(TAG_NAME_MAX, `At most ${TAG_NAME_MAX} characters.`));

export const tagNamesSchema = z.array(tagNameSchema).max(TAG_CHANGE_MAX, `At most ${TAG_CHANGE_MAX} tags at once.`);

/** `?tag=` of the staff list and counts: a tag name (trimmed; empty = every ticket). */
export const tagFilterParam = safeText().trim().max(TAG_NAME_MAX, `tag must be at most ${TAG_NAME_MAX} characters`).optional().transform((v) => (v ? v.replace(/\s+/g, ' ') : undefined));

/** POST /api/tags. */
export const tagCreateSchema = z.object({ name: tagNameSchema });
/** PATCH /api/tags/:id (admins): `name` renames; `mergeInto` moves every ticket to that tag and deletes this one. */
export const tagPatchSchema = z
  .object({ name: tagNameSchema.optional(), mergeInto: z.uuid('mergeInto must be a tag id').optional() })
  .refine((v) => (v.name === undefined) !== (v.mergeInto === undefined), { message: TAG_MSG.nameOrMerge });
/** PUT /api/tags/settings (admins): may technicians create new tags. */
export const tagSettingsSchema = z.object({ techniciansMayCreate: z.boolean() });

export type TagCreate = z.infer<typeof tagCreateSchema>;
export type TagPatch = z.infer<typeof tagPatchSchema>;

export interface Tag {
  id: string;
  name: string;
  /** Tickets carrying the tag. */
  ticketCount: number;
}

/** GET /api/tags. */
export interface TagList {
  tags: Tag[];
  techniciansMayCreate: boolean;
}
