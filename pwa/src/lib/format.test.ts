import { describe, expect, it } from 'vitest';
import { formatShortDateTime } from './format';

describe('formatShortDateTime (one-line places on phones)', () => {
  const now = new Date(2026, 10, 29, 15, 0);
  it('says only the time today, the day and time this year, the date in other years', () => {
    expect(formatShortDateTime(new Date(2026, 10, 29, 5, 14).toISOString(), now)).toBe('5:14 AM');
    expect(formatShortDateTime(new Date(2026, 1, 3, 17, 2).toISOString(), now)).toBe('Feb 3, 5:02 PM');
    expect(formatShortDateTime(new Date(2025, 11, 31, 23, 59).toISOString(), now)).toBe('Dec 31, 2025');
  });
  it('gives an empty string for no or invalid input', () => {
    expect(formatShortDateTime(null, now)).toBe('');
    expect(formatShortDateTime('not a date', now)).toBe('');
  });
});
