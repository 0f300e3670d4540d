import type { Role } from '@portal/shared';

/** Router state a guard hands to /login: the page that asked for a sign-in. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Where a successful sign-in goes (docs/decisions.md "Sign-in landing"): back to the page that sent
 * the visitor to /login (a same-origin path from the guard's router state; never /login itself or a
 * `//host` URL), otherwise technicians and admins to /technician and `user` accounts to / (SPEC.md 4).
 * @param state `location.state` of /login (anything; only `{ from: '/path...' }` counts).
 */
export function loginLanding(role: Role, state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/login(?:[/?#]|$)/.test(from)) return from;
  return role === 'user' ? '/' : '/technician';
}
