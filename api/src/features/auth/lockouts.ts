/**
 * Which login-limiter keys hold failures of each username, so an admin can unlock a user's sign-in
 * (User Management "Unlock sign-in") without knowing the IPs the failures came from.
 *
 * The login limiter counts failures per `${ip}|${username}` (DESIGN.md 7); this index remembers, per
 * lower-cased username, the keys this process recorded failures under (at most {@link MAX_KEYS_PER_USER}
 * per name and {@link MAX_USERS} names, oldest dropped first). Unlocking deletes those keys through
 * the limiter's own `delete`, so it works with every store (memory, PostgreSQL, Redis). With several API
 * processes each one knows only the failures it saw; an unlock reaches the keys of the process that
 * answered it (the window still ends on its own after 15 minutes).
 */
import type { Limiter } from '../../http/rate-limit';

const MAX_KEYS_PER_USER = 50;
const MAX_USERS = 10_000;

const indexes = new WeakMap<Limiter, Map<string, Set<string>>>();

function indexOf(limiter: Limiter): Map<string, Set<string>> {
  let index = indexes.get(limiter);
  if (!index) {
    index = new Map();
    indexes.set(limiter, index);
  }
  return index;
}

/** The login limiter's key of one attempt: client IP and lower-cased username. */
export const loginLimitKey = (ip: string, username: string) => `${ip}|${username.toLowerCase()}`;

/** Remembers that `key` of `limiter` holds failures of `username`. */
export function rememberFailureKey(limiter: Limiter, username: string, key: string): void {
  const index = indexOf(limiter);
  const name = username.toLowerCase();
  const keys = index.get(name) ?? new Set<string>();
  index.delete(name);
  keys.delete(key);
  keys.add(key);
  if (keys.size > MAX_KEYS_PER_USER) keys.delete(keys.values().next().value!);
  index.set(name, keys);
  if (index.size > MAX_USERS) index.delete(index.keys().next().value!);
}

/** Forgets `key` after a successful sign-in deleted it from the limiter. */
export function forgetFailureKey(limiter: Limiter, username: string, key: string): void {
  indexOf(limiter).get(username.toLowerCase())?.delete(key);
}

/**
 * Deletes every failure count of `username` this process knows of (attempts are counted before the password check, so these are the keys of its attempts), through `limiter.delete`.
 * @returns how many keys were deleted.
 */
export async function unlockUsername(limiter: Limiter, username: string): Promise<number> {
  const index = indexOf(limiter);
  const name = username.toLowerCase();
  const keys = [...(index.get(name) ?? [])];
  await Promise.all(keys.map((key) => limiter.delete(key)));
  index.delete(name);
  return keys.length;
}

/**
 * The users whose sign-in is locked now (User Management shows 'Unlock sign-in' only for them, with
 * "locked until"): every username this process counted failures of, with the latest end of a
 * window whose failures reached the limit (`points`), ascending by username. Names whose counts
 * all expired are forgotten.
 */
export async function lockedUsernames(limiter: Limiter, now: Date): Promise<{ username: string; lockedUntil: string }[]> {
  const index = indexOf(limiter);
  const out: { username: string; lockedUntil: string }[] = [];
  for (const [name, keys] of [...index]) {
    let until = 0;
    let live = 0;
    for (const key of keys) {
      const res = await limiter.get(key);
      if (!res) continue;
      live += 1;
      if (res.consumedPoints >= limiter.points) until = Math.max(until, now.getTime() + res.msBeforeNext);
    }
    if (live === 0) index.delete(name);
    if (until > 0) out.push({ username: name, lockedUntil: new Date(until).toISOString() });
  }
  return out.sort((a, b) => a.username.localeCompare(b.username));
}
