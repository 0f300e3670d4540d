import { afterEach, describe, expect, it } from 'vitest';
import { storedSet } from './storedSet';

const KEY = 'test.storedSet';
afterEach(() => localStorage.clear());

describe('storedSet', () => {
  it('adds and removes entries once each, and removes the key when the set is empty', () => {
    const s = storedSet(KEY);
    s.mark('a', true);
    s.mark('b', true);
    s.mark('a', true);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['b', 'a']);
    expect([s.has('a'), s.has('b'), s.has('c')]).toEqual([true, true, false]);
    s.mark('a', false);
    s.mark('b', false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('reads what another tab wrote, and reads anything that is not a list of strings as empty', () => {
    const s = storedSet(KEY);
    localStorage.setItem(KEY, JSON.stringify(['x', 3, null]));
    expect(s.has('x')).toBe(true);
    localStorage.setItem(KEY, '{not json');
    expect(s.has('x')).toBe(false);
    s.mark('y', true);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['y']);
  });
});
