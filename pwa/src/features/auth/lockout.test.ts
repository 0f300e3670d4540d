import { describe, expect, it } from 'vitest';
import { lockoutMessage } from './lockout';

describe('lockoutMessage', () => {
  it('says how many whole minutes remain, rounded up', () => {
    expect(lockoutMessage(900_000, 'x')).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect(lockoutMessage(840_001, 'x')).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect(lockoutMessage(30_000, 'x')).toBe('Too many failed sign-ins. Try again in 1 minute.');
  });
  it('keeps the server message without a usable Retry-After', () => {
    expect(lockoutMessage(null, 'Please wait')).toBe('Please wait');
    expect(lockoutMessage(Number.NaN, 'Please wait')).toBe('Please wait');
  });
});
