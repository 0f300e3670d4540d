import { REPLY_VARIABLES, renderReply, replyContextFor } from '@portal/shared';

/** Texts of the Replies & Macros, Ticket Templates and My Replies screens (tests find elements by them). */
export const REPLIES_TEXT = {
  /** My Replies 'Your phone' (MyPhone.tsx). */
  phoneTitle: 'Your phone',
  phoneHint: 'Fills {{technician.phone}} in your replies; empty: the support number.',
  phoneSaved: 'Phone saved',
  phoneFailed: 'Failed to save your phone. Please try again.',
  /** Issue 51: edits are online-only (they are settings), and the screens say so when offline. */
  onlineOnly: 'Replies, macros and templates are settings: you can change them when you are back online. This device keeps a copy, so they still work in Update Ticket and New Ticket.',
  previewTitle: 'Preview with a sample ticket',
  noReplies: 'No canned replies yet.',
  noMyReplies: 'No replies of your own yet. Add the answers you type most often.',
  noMacros: 'No macros yet.',
  noMyMacros: 'No macros of your own yet. A macro changes a ticket in one update: a reply, a status, time worked.',
  noMyTemplates: 'No templates of your own yet.',
  noTemplates: 'No ticket templates yet.',
} as const;

/** The sample ticket of previews: Dana Smith of Acme Dental, TKT-000123. */
const SAMPLE = { ticketNumber: 'TKT-000123', clientName: 'Dana Smith', businessName: 'Acme Dental' };

/** `text` as the customer of the sample ticket would read it (the status link shown as a made-up link). */
export function previewText(text: string, technician: string, supportPhone: string): string {
  return renderReply(text, replyContextFor({ ticket: SAMPLE, technician: { name: technician }, supportPhone: supportPhone || '(555) 010-0100', statusLink: 'https://support.example.com/status/…' }));
}

/** Every variable as it is written, for the help under a text box. */
export const VARIABLE_TOKENS = REPLY_VARIABLES.map((v) => ({ name: v, token: `{{${v}}}` }));
