/**
 * Request schemas of ticket attachments (docs/attachments.md); the rules, limits and types are in
 * ../rules/attachments.ts.
 */
import { z } from 'zod';
import { ATTACHMENTS_PER_REQUEST } from '../rules/attachments';
import { safeText } from './text';

/** A tus upload id: the last path segment of the upload's `Location` (32 hex digits). */
export const uploadIdSchema = safeText().regex(/^[0-9a-f]{32}$/, 'Not an upload id');

/** `attachments` of the ticket create and PATCH bodies: finished upload ids, at most 5, no repeats. */
export const attachmentIdsSchema = z
  .array(uploadIdSchema)
  .max(ATTACHMENTS_PER_REQUEST, `At most ${ATTACHMENTS_PER_REQUEST} files can be attached at once`)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'An upload is listed twice' });

/** `GET /api/tickets/:id/attachments/:attachmentId` path and `?thumb=1` query. */
export const attachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });
export const attachmentQuerySchema = z.object({ thumb: z.enum(['0', '1']).optional() });
