import { z } from 'zod';
import { safeText } from './text';

/**
 * The admin activity log (docs/activity.md): who changed what, when, in users, settings, content
 * and files. GET /api/activity pages it newest first with a keyset cursor.
 */

/** The areas the log covers. */
export const ACTIVITY_AREAS = ['users', 'settings', 'content', 'files'] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/** Names of the areas for people. */
export const ACTIVITY_AREA_LABELS: Record<ActivityArea, string> = { users: 'Users', settings: 'Settings', content: 'Content', files: 'Files' };

/** Page size of GET /api/activity: default and most. */
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;

/** GET /api/activity query: `limit` (1-200, default 50), `cursor` from the previous page's `nextCursor`. */
export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional().default(ACTIVITY_PAGE_DEFAULT),
  cursor: safeText()
    .max(200)
    .regex(/^[0-9a-f_-]+$/, 'cursor is not valid')
    .optional(),
});

/** One logged change: when (ISO), who (the name at the time; `actorId` null once deleted), the area, what was done and to what. */
export interface ActivityEntry {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string;
  area: ActivityArea;
  action: string;
  target: string | null;
}

/** GET /api/activity response: newest first; `nextCursor` null on the last page. */
export interface ActivityPage {
  items: ActivityEntry[];
  nextCursor: string | null;
}

/** Texts of the activity screen (tests find elements by them). */
export const ACTIVITY_TEXT = {
  title: 'Activity Log',
  empty: 'No admin activity yet.',
  loading: 'Loading activity...',
  loadFailed: 'The activity log could not be loaded.',
  more: 'Load more',
  loadingMore: 'Loading...',
} as const;
