/**
 * User-visible validation and error texts from SPEC.md 5 and 8, in one place so the forms, the API
 * and the tests use the very same strings.
 */
export const MSG = {
  nameRequired: 'Name is required',
  validEmailRequired: 'Valid email is required',
  phoneRequired: 'Phone number is required',
  issueTooShort: 'Please provide a detailed description of the issue',
  severityRequired: 'Please select a severity level',
  contactMethodRequired: 'Please select a contact method',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'New password must be at least 6 characters',
  confirmPasswordRequired: 'Please confirm your new password',
  passwordsDontMatch: "Passwords don't match",
  roleInvalid: 'Role must be admin, technician or user',
  emailInvalid: 'Please enter a valid email address.',
  emailRequired: 'Please enter an email address.',
  phoneNumberRequired: 'Please enter a phone number.',
  phoneNumberInvalid: 'Please enter a valid phone number.',
  noChanges: 'No changes were made to the ticket.',
  replyNeedsComment: 'Write the reply to send to the customer',
  invalidCredentials: 'Invalid username or password',
  loginRequired: 'You must be logged in to access this page.',
  adminRequired: 'Admin privileges required',
  staffRequired: 'Admin or technician privileges required',
  downloadsStaffRequired: 'Admin or technician privileges required to access downloads',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  currentPasswordWrong: 'Current password is incorrect',
  usernameTaken: 'Username already exists',
  notFound: 'Not found',
  ticketNotFound: 'Ticket not found',
  userNotFound: 'User not found',
  assigneeInvalid: 'Assignee must be a technician or admin',
  conflict: 'This ticket was changed by someone else. Choose which values to keep.',
  internal: 'Internal server error',
  testSmsNeedsNumber: 'Please save a phone number before testing SMS.',
  testSmsSent: 'Test SMS sent',
  pushEndpointInsecure: 'Push endpoint must be an https URL',
  /** Any request text with a NUL character or a lone UTF-16 surrogate (shared/src/schemas/text.ts). */
  textInvalid: 'Must not contain NUL characters or invalid Unicode',
  /** Push endpoint on a loopback, private or link-local address, or a host that does not resolve. */
  pushEndpointPrivate: 'Push endpoint must be a public push service',
  /** PATCH/DELETE /api/users/:id that would leave no admin (issue 17). */
  lastAdminDemote: 'The last admin cannot be demoted; make another user admin first',
  lastAdminDelete: 'The last admin cannot be deleted; make another user admin first',
} as const;
