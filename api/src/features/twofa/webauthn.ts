/**
 * Passkeys / security keys as a SECOND factor (WebAuthn through @simplewebauthn/server; README
 * "Two-factor authentication"): the relying party is PUBLIC_URL (its host is the RP ID, its origin
 * the only accepted origin); user verification is "discouraged" (the password was the first factor),
 * no attestation is asked for, and no resident key is needed (the user is known from the password
 * step or the session, so the allowed credentials are listed).
 * The library (about 3.4 MB of the API's heap) is loaded with the first passkey request, not at
 * start (docs/decisions.md "API memory").
 */
import type {
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { WebauthnAssertion, WebauthnRegistration } from '@portal/shared';
import type { PasskeyRow } from './repository';

/** Where passkeys are bound: from PUBLIC_URL. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

/** The relying party of an app whose public address is `publicUrl`. */
export function relyingParty(appName: string, publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { name: appName, id: url.hostname, origin: url.origin };
}

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

/** @simplewebauthn/server, loaded on first use (module cache afterwards). */
const library = () => import('@simplewebauthn/server');

/** Options for navigator.credentials.create: a new passkey for `user`, none of `existing` again. */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; username: string },
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await library();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
  });
}

/** A verified registration's credential, or null when it does not check out. */
export async function verifyRegistration(
  rp: RelyingParty,
  registration: WebauthnRegistration,
  expectedChallenge: string,
): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string[] } | null> {
  const { verifyRegistrationResponse } = await library();
  try {
    const res = await verifyRegistrationResponse({
      response: registration,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!res.verified || !res.registrationInfo) return null;
    const c = res.registrationInfo.credential;
    return {
      credentialId: c.id,
      publicKey: Buffer.from(c.publicKey).toString('base64url'),
      counter: c.counter,
      transports: c.transports ?? registration.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.get over the user's passkeys. */
export async function authenticationOptions(rp: RelyingParty, passkeys: PasskeyRow[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await library();
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    userVerification: 'discouraged',
  });
}

/** The passkey an assertion proves and its new counter, or null when it does not check out. */
export async function verifyAssertion(
  rp: RelyingParty,
  assertion: WebauthnAssertion,
  expectedChallenge: string,
  passkeys: PasskeyRow[],
): Promise<{ passkey: PasskeyRow; newCounter: number } | null> {
  const passkey = passkeys.find((c) => c.credentialId === assertion.id);
  if (!passkey) return null;
  const { verifyAuthenticationResponse } = await library();
  try {
    const res = await verifyAuthenticationResponse({
      response: { ...assertion, clientExtensionResults: assertion.clientExtensionResults },
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
    return res.verified ? { passkey, newCounter: res.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
