/**
 * Texts of the "Lost your link?" form (docs/status-links.md; tests find elements by them). A module
 * of its own so the PWA's lookup form chunk carries only these, not the status page's texts (the
 * public-route JavaScript budget).
 */
export const LOOKUP_TEXT = {
  ticketField: 'Ticket number',
  contactField: 'E-mail or phone',
  button: 'Send my link',
  answer: "If these match a ticket, we've sent its link to the contact on file",
} as const;
