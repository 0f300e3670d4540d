/** The three kinds of items the screens manage, and their routes (docs/api.md). */
export type ItemKind = 'replies' | 'macros' | 'templates';

/** Collection URL of each kind (GET list, POST; `/:id` PATCH and DELETE). */
export const ITEM_URL: Record<ItemKind, string> = {
  replies: '/api/canned-replies',
  macros: '/api/macros',
  templates: '/api/ticket-templates',
};

/** Query key of a kind's list. */
export const itemsKey = (kind: ItemKind) => [ITEM_URL[kind]] as const;
