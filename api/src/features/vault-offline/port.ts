/**
 * What other features may use of the offline vault (revoking a user's devices is a reaction to user
 * events: events.ts).
 *
 * - `countActiveDevices(db, userId)`: how many devices of a user hold offline access now (the 2FA
 *   reset's e-mail says how many it revoked).
 */
export { countActiveDevices } from './repository';
/**
 * - `deviceKeyStore`: the device bundle keys as a store rotateVaultKey re-encrypts with the vault's
 *   secrets (wired by `npm run vault:rotate-key`).
 */
export { deviceKeyStore } from './keyRotation';
