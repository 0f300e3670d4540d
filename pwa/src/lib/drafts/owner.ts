/** The owner of drafts typed without an account (the customer's public support form). */
export const PUBLIC_OWNER = 'public';

/** IndexedDB name of the drafts database (store.ts). */
export const DRAFTS_DB = 'portal-drafts';
