/**
 * Texts of /vault: SPEC.md 2 (screen), 5 (validation toast) and 8 (toasts), verbatim, plus the
 * screen's own (offline, reveal, copy) where the spec is silent.
 */
export const VAULT_TEXT = {
  title: 'Customer Vault',
  searchPlaceholder: 'Search by business name, contact name, or email...',
  add: 'Add Customer',
  loading: 'Loading customer information...',
  empty: 'No customer information stored yet.',
  noMatches: 'No customers found matching your search.',
  create: 'Create',
  update: 'Update',
  saving: 'Saving...',
  deleteTitle: 'Are you sure?',
  deleteText: "This will permanently delete this customer's information from the vault. This action cannot be undone.",
  deleted: { title: 'Deleted', description: 'Customer vault entry has been deleted.' },
  deleteFailed: { title: 'Error', description: 'Failed to delete vault entry. Please try again.' },
  added: { title: 'Success', description: 'Customer information has been added.' },
  updated: { title: 'Success', description: 'Customer information has been updated.' },
  saveFailed: { title: 'Error', description: 'Failed to save customer information. Please try again.' },
  validation: { title: 'Validation Error' },
  revealFailed: 'The value could not be shown. Please try again.',
  needsConnection: 'Needs a connection',
  offlineViewNotice: 'You are offline: passwords, account numbers, usernames and notes need a connection.',
  offlineNotice: 'You are offline. The list below is this device’s copy; passwords, account numbers, usernames and notes need a connection.',
  savedSecret: '•••••••• saved',
  savedSecretHint: 'Leave blank to keep the saved value.',
  clearedSecret: 'Removed when you save',
} as const;

/** The View dialog's and the form's section headings (SPEC.md 2). */
export const VIEW_SECTIONS = {
  contact: 'Contact Information',
  domain: 'Domain & Hosting',
  network: 'Network Information',
  isp: 'ISP & Phone',
  endpoints: 'Endpoints & Access Points',
  notes: 'Notes',
} as const;

export const FORM_SECTIONS = {
  contact: 'Contact',
  domain: 'Domain & Hosting',
  network: 'Network',
  isp: 'ISP & Phone',
  endpoints: 'Endpoints',
  notes: 'Additional Notes',
} as const;
