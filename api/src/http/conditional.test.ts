import { describe, expect, it } from 'vitest';
import { ifRangeMatches, isNotModified, planRange } from './conditional';

const modified = new Date('2026-03-05T14:07:09.500Z');

describe('planRange (RFC 9110 14)', () => {
  it('sends the whole file without a usable single range', () => {
    for (const h of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=5-2', 'bytes=-', 'bytes=a-b']) {
      expect(planRange(h, 100)).toEqual({ kind: 'full' });
    }
  });
  it('reads first-last, open-ended and suffix ranges, clamped to the file', () => {
    expect(planRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(planRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(planRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(planRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(planRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });
  it('is unsatisfiable beyond the end or for an empty suffix', () => {
    expect(planRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(planRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('isNotModified (RFC 9110 13.1.2, 13.1.3)', () => {
  it('compares If-None-Match weakly, with lists and *', () => {
    expect(isNotModified({ ifNoneMatch: '"abc"' }, '"abc"', modified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"abc"' }, '"abc"', modified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", "abc"' }, '"abc"', modified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, '"abc"', modified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x"' }, '"abc"', modified)).toBe(false);
  });
  it('ignores If-Modified-Since when If-None-Match is present', () => {
    expect(isNotModified({ ifNoneMatch: '"x"', ifModifiedSince: new Date('2030-01-01').toUTCString() }, '"abc"', modified)).toBe(false);
  });
  it('compares If-Modified-Since to the second', () => {
    expect(isNotModified({ ifModifiedSince: modified.toUTCString() }, '"abc"', modified)).toBe(true);
    expect(isNotModified({ ifModifiedSince: new Date(modified.getTime() - 1000).toUTCString() }, '"abc"', modified)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'yesterday' }, '"abc"', modified)).toBe(false);
  });
});

describe('ifRangeMatches (RFC 9110 13.1.5)', () => {
  it('keeps the range for a matching strong ETag or exact date, else not', () => {
    expect(ifRangeMatches(undefined, '"abc"', modified)).toBe(true);
    expect(ifRangeMatches('"abc"', '"abc"', modified)).toBe(true);
    expect(ifRangeMatches('"old"', '"abc"', modified)).toBe(false);
    expect(ifRangeMatches('W/"abc"', '"abc"', modified)).toBe(false);
    expect(ifRangeMatches(modified.toUTCString(), '"abc"', modified)).toBe(true);
    expect(ifRangeMatches(new Date('2020-01-01').toUTCString(), '"abc"', modified)).toBe(false);
  });
});
