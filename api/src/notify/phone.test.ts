import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

describe('toE164 (twilio needs E.164; SPEC.md 5 allows digits, spaces, +, - and parentheses)', () => {
  it.each([
    ['(555) 010-2030', '1', '+15550102030'],
    ['555 010 2030', '1', '+15550102030'],
    ['1 555 010 2030', '1', '+15550102030'],
    ['+1 (555) 010-2030', '1', '+15550102030'],
    ['+44 20 7946 0000', '1', '+442079460000'],
    ['0044 20 7946 0000', '1', '+442079460000'],
    ['020 7946 0000', '44', '+442079460000'],
  ])('%s with country code %s -> %s', (input, cc, expected) => {
    expect(toE164(input, cc)).toBe(expected);
  });

  it.each(['123', '+0 555 010 2030', '+1234567890123456', '---'])('refuses %s', (input) => {
    expect(toE164(input, '1')).toBeNull();
  });
});
