/**
 * The staff ticket card's mark of an unseen customer reply (docs/status-links.md). A module of its
 * own so the staff screens do not share the status page's texts module (one chunk less to list in
 * the PWA's entry: the public-route JavaScript budget).
 */
export const CUSTOMER_REPLIED_TEXT = 'Customer replied';
