/**
 * What other features may use of the offline vault (issue 14).
 *
 * - `revokeUserDevices(tx, userId, now, reason)`: revokes every device of a user with offline vault
 *   access, in the caller's transaction (the auth feature on a password change: each device wipes
 *   its copy on its next sync). @returns how many devices were revoked.
 */
export { revokeUserDevices } from './service';
/**
 * - `deviceKeyStore`: the device bundle keys as a store rotateVaultKey re-encrypts with the vault's
 *   secrets (wired by `npm run vault:rotate-key`).
 */
export { deviceKeyStore } from './keyRotation';
