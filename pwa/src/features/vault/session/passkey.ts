/**
 * The fingerprint unlock's key source: a WebAuthn passkey of this site with the PRF extension,
 * whose output for a stored salt becomes a key-encryption key (offline/crypto `derivePrfKey`).
 * Stateless; the browser asks for the fingerprint (user verification required).
 */
import { fromBase64url, randomBytes, toBase64url } from '../offline/crypto';

/** The signed-in user, who names the passkey. */
export interface PasskeyUser {
  id: string;
  username: string;
}

/** True when this browser can unlock with a fingerprint (WebAuthn PRF, secure context). */
export async function fingerprintSupported(): Promise<boolean> {
  const PKC = globalThis.PublicKeyCredential as (typeof PublicKeyCredential & { getClientCapabilities?: () => Promise<Record<string, boolean>> }) | undefined;
  if (!PKC?.getClientCapabilities || !globalThis.isSecureContext) return false;
  try {
    return (await PKC.getClientCapabilities())['extension:prf'] === true;
  } catch {
    return false;
  }
}

type PrfResults = { results?: { first?: BufferSource } };

/**
 * The PRF output for `salt` of the passkey `credentialId`, or of a new passkey when it is null.
 * @returns the passkey's id (base64url) and the output. @throws when refused or unsupported.
 */
export async function prfOutput(salt: Uint8Array<ArrayBuffer>, credentialId: string | null, user: PasskeyUser): Promise<{ credentialId: string; output: BufferSource }> {
  const extensions = { prf: { eval: { first: salt } } } as AuthenticationExtensionsClientInputs;
  let id = credentialId;
  if (id === null) {
    const created = (await navigator.credentials.create({
      publicKey: {
        challenge: randomBytes(32),
        rp: { name: 'IT Support Portal offline vault' },
        user: { id: randomBytes(16), name: user.username, displayName: `${user.username} (offline vault)` },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { userVerification: 'required', residentKey: 'discouraged' },
        extensions,
      },
    })) as PublicKeyCredential | null;
    if (!created) throw new Error('No passkey');
    id = toBase64url(new Uint8Array(created.rawId));
    const first = (created.getClientExtensionResults() as { prf?: PrfResults }).prf?.results?.first;
    if (first) return { credentialId: id, output: first };
  }
  const got = (await navigator.credentials.get({
    publicKey: { challenge: randomBytes(32), allowCredentials: [{ type: 'public-key', id: fromBase64url(id) }], userVerification: 'required', extensions },
  })) as PublicKeyCredential | null;
  const first = (got?.getClientExtensionResults() as { prf?: PrfResults } | undefined)?.prf?.results?.first;
  if (!first) throw new Error('This authenticator gives no PRF key');
  return { credentialId: id, output: first };
}
