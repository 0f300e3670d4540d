/**
 * HTTP conditional and range requests for file downloads (RFC 9110 sections 13 and 14): pure
 * functions, so the rules are unit-tested apart from any storage.
 * - One byte range per request (`bytes=a-b`, `bytes=a-`, `bytes=-n`); a list of ranges or a
 *   malformed header is ignored and the whole file is sent (allowed by RFC 9110 14.2).
 * - If-None-Match (weak comparison, `*`) wins over If-Modified-Since (one-second precision).
 * - If-Range with an ETag (strong comparison) or a date (exact second) keeps the Range; otherwise
 *   the whole file is sent.
 */

/** What to send for a Range header. */
export type RangePlan =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** Decides what a `Range` header asks of a file of `size` bytes. */
export function planRange(header: string | undefined, size: number): RangePlan {
  if (!header) return { kind: 'full' };
  const m = RANGE.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'full' };
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the client's cached copy is current: answer 304. */
export function isNotModified(headers: { ifNoneMatch?: string; ifModifiedSince?: string }, etag: string, modified: Date): boolean {
  if (headers.ifNoneMatch) {
    const tags = headers.ifNoneMatch.split(',').map((t) => t.trim());
    return tags.includes('*') || tags.some((t) => opaque(t) === opaque(etag));
  }
  if (headers.ifModifiedSince) {
    const since = Date.parse(headers.ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** True when an If-Range header (if any) still matches, so the Range may be honoured. */
export function ifRangeMatches(ifRange: string | undefined, etag: string, modified: Date): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(modified.getTime() / 1000);
}
