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

/** Texts of the offline vault. */
export const OFFLINE_VAULT_TEXT = {
  heading: 'Offline access',
  intro: 'Keep the passwords on this device, encrypted, for sites with no signal. Every value you show offline is reported to the audit when you are back online.',
  enable: 'Keep vault available offline',
  deviceName: 'Device name',
  passphrase: 'Offline passphrase',
  repeat: 'Repeat passphrase',
  passphraseHint: 'At least 12 characters, for example three or four words. It opens the offline vault on this device only and is never sent anywhere. It cannot be recovered.',
  mismatch: 'The passphrases do not match.',
  fingerprint: 'Also unlock with fingerprint or face',
  turnOn: 'Turn on offline vault',
  turningOn: 'Turning on...',
  on: 'Offline vault is on for this device',
  locked: 'Offline vault locked',
  lockedHint: 'Enter your offline passphrase to show passwords without a connection.',
  unlock: 'Unlock',
  unlocking: 'Unlocking...',
  unlockFailed: 'The offline vault could not be unlocked on this device. Please try again.',
  unlockFingerprint: 'Unlock with fingerprint',
  fingerprintFailed: 'The fingerprint did not unlock the offline vault. Use your passphrase.',
  unlocked: 'Offline vault unlocked',
  lock: 'Lock',
  turnOff: 'Turn off offline vault',
  pendingHint: 'an administrator must approve this device before passwords are copied to it.',
  approve: 'Approve',
  wrong: (left: number) => `Wrong passphrase. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the offline copy is wiped.`,
  lockedSecret: 'Locked',
  shownOffline: 'From this device’s copy',
  offlineListNotice: 'You are offline. The list below is this device’s copy; unlock the offline vault to show passwords.',
  offlineViewNotice: 'You are offline: passwords, usernames and notes come from this device’s encrypted copy; each password you show is reported later.',
  wiped: {
    revoked: 'The offline vault was removed from this device: its offline access was ended (revoked by an administrator, a password change or a change of role).',
    expired: 'The offline vault was removed from this device: it was not synced for too long.',
    failed_unlocks: 'The offline vault was removed from this device after too many wrong passphrases.',
    turned_off: 'The offline vault was turned off on this device.',
    integrity: 'The offline vault was removed from this device: the server could not verify its encrypted data. Turn it on again, and tell an administrator if this repeats.',
  },
  dismiss: 'Dismiss',
  devices: 'Offline devices',
  revoke: 'Revoke',
} as const;
