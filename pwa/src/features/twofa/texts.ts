/** Texts of the Security page (README "Two-factor authentication"); tests find elements by them. */
export const SECURITY_TEXT = {
  heading: 'Two-Factor Authentication',
  lead: 'A second step after your password: a code from an authenticator app, or a passkey.',
  mustEnrol: 'Set up two-factor authentication before you continue. You can log out from the menu.',
  appHeading: 'Authenticator app',
  setUpApp: 'Set up authenticator app',
  appOn: 'An authenticator app is set up.',
  appScan: 'Scan the QR code with your authenticator app, or type the setup key, then enter the code it shows.',
  setupKey: 'Setup key',
  removeApp: 'Remove authenticator app',
  passkeysHeading: 'Passkeys and security keys',
  passkeyName: 'Passkey name',
  addPasskey: 'Add a passkey',
  noPasskeys: 'No passkeys yet.',
  recoveryHeading: 'Recovery codes',
  recoveryLead: 'Each code works once, when you cannot use your phone or key. Keep them somewhere safe.',
  recoveryShownOnce: 'Save these codes now: they are shown only once.',
  regenerate: 'Make new recovery codes',
  saved: 'I have saved them',
  continue: 'Continue',
  failed: 'Something went wrong. Please try again.',
} as const;

/** "{n} left" and the warning at 3 or fewer. */
export const recoveryLeft = (n: number) => `${n} left`;
