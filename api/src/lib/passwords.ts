/**
 * Password hashing with argon2id (DESIGN.md 4: OWASP parameters 19 MiB memory, t=2, p=1). The cost is
 * injectable through createApp deps so tests can run cheaply; production uses OWASP_ARGON2.
 */
import argon2 from 'argon2';

export interface Argon2Params {
  /** KiB of memory. */
  memoryCost: number;
  /** Iterations. */
  timeCost: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1. */
export const OWASP_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** true when `password` matches `hash`; false for a wrong password or a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same work as a real check when the user does not exist, so response time does not
   * reveal which usernames exist. Always resolves false.
   */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(params: Argon2Params = OWASP_ARGON2): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => argon2.hash(password, { type: argon2.argon2id, ...params });
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false;
    }
  };
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash('dummy-password-for-unknown-users');
      await verify(await dummy, password);
      return false;
    },
  };
}
