/**
 * Passkeys in the browser (README "Two-factor authentication"): @simplewebauthn/browser, loaded only
 * when a passkey is actually used (the sign-in's "Use a passkey", the step-up, the Security page),
 * so no other screen pays for it. The options come from the server; the answers go back to it.
 */
import type { WebauthnAssertion, WebauthnRegistration } from '@portal/shared';

/** What the server's option routes answer (PublicKeyCredential*OptionsJSON); passed through untouched. */
export type PasskeyOptions = Record<string, unknown>;

/** Asks the browser for an assertion of one of the allowed passkeys. @throws when the user cancels or nothing matches. */
export async function passkeyAssertion(options: PasskeyOptions): Promise<WebauthnAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as WebauthnAssertion;
}

/** Asks the browser to create a new passkey. @throws when the user cancels or the authenticator refuses. */
export async function passkeyRegistration(options: PasskeyOptions): Promise<WebauthnRegistration> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as unknown as WebauthnRegistration;
}

/** true when this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
