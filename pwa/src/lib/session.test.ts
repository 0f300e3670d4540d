import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, USER_KEY, clearSession, loadSession, readToken, saveSession } from './session';

const user = { id: 'u1', username: 'tina', email: null, role: 'technician' as const };

describe('session (SPEC.md 4)', () => {
  it('is logged in only when both user and token are stored', () => {
    expect(loadSession()).toBeNull();
    localStorage.setItem(TOKEN_KEY, 't');
    expect(loadSession()).toBeNull();
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    expect(loadSession()).toEqual({ user, token: 't' });
  });

  it('clears both entries when the stored user cannot be read', () => {
    localStorage.setItem(USER_KEY, '{not json');
    localStorage.setItem(TOKEN_KEY, 't');
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    localStorage.setItem(USER_KEY, JSON.stringify({ id: 1 }));
    localStorage.setItem(TOKEN_KEY, 't');
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('saves and clears user and token together', () => {
    saveSession({ user, token: 'abc' });
    expect(readToken()).toBe('abc');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    clearSession();
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});
