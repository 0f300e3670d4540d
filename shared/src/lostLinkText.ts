/**
 * The /support link that opens the status link lookup (docs/status-links.md). A module of its own:
 * /support is in the PWA's entry, which must not carry the rest of ticketStatus.ts (the
 * public-route JavaScript budget).
 */
export const LOST_LINK_TEXT = 'Lost your link?';
