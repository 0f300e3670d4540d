import { queryRoots } from '../../../lib/ui/ServerConnection';

/** The three kinds of items the screens manage, and their routes (docs/api.md). */
export type ItemKind = 'replies' | 'macros' | 'templates';

/** Collection URL of each kind (GET list, POST; `/:id` PATCH and DELETE). */
export const ITEM_URL: Record<ItemKind, string> = {
  replies: '/api/canned-replies',
  macros: '/api/macros',
  templates: '/api/ticket-templates',
};

/** Query key of the technicians list (the macros' assignee choice). */
export const TECHNICIANS_KEY = ['/api/technicians'] as const;
/** The queries of the replies screens' own parts (their connection notice's 'as of' reads only these). */
export const isRepliesScreenQuery = queryRoots(...Object.values(ITEM_URL), TECHNICIANS_KEY[0]);

/** Query key of a kind's list. */
export const itemsKey = (kind: ItemKind) => [ITEM_URL[kind]] as const;
