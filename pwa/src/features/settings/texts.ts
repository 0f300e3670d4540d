/**
 * Texts of /admin/settings. SPEC.md 8's toast texts are quoted exactly; the others (headings,
 * empty states, the no-number toast title) are this screen's decisions.
 */
export const SETTINGS_TEXT = {
  updateFailed: 'Failed to update settings. Please try again.',
  addFailed: 'Failed to add email. Please try again.',
  removeFailed: 'Failed to remove email. Please try again.',
  smsTestFailed: 'Failed to send test SMS. Check your SMS provider configuration and phone number.',
  noNumberTitle: 'No Phone Number',
  noRecipients: 'No recipients yet. New tickets are not e-mailed to anyone.',
  noDeliveries: 'No notifications have been sent yet.',
} as const;
