import { describe, expect, it } from 'vitest';
import { PullError } from './collections';
import { SIGN_IN_AGAIN_TEXT, STORAGE_FULL_TEXT, SYNC_RETRY_TEXT, syncProblemText } from './syncProblem';
import { NetworkError } from '../lib/http';

describe('syncProblemText: what the sync bar says about a failed run', () => {
  it('asks to sign in again when the session was rejected', () => {
    expect(syncProblemText(new PullError(401, 'Session expired', 'unauthorized'))).toBe(SIGN_IN_AGAIN_TEXT);
  });

  it("shows the API's own message of a 4xx, without the status", () => {
    expect(syncProblemText(new PullError(403, 'You do not have access to this list', 'forbidden'))).toBe('You do not have access to this list');
  });

  it('says it will retry on server trouble, rate limits, no answer and 4xx answers without a message', () => {
    expect(syncProblemText(new PullError(503, 'Service unavailable'))).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText(new PullError(429, 'Too many requests'))).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText(new PullError(400, undefined))).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText(new NetworkError())).toBe(SYNC_RETRY_TEXT);
  });

  it("never shows an exception's raw text", () => {
    expect(syncProblemText(new TypeError('Failed to fetch'))).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText('a thrown string')).toBe(SYNC_RETRY_TEXT);
    expect(syncProblemText(null)).toBe(SYNC_RETRY_TEXT);
  });

  it('says the storage is full for a quota error, also wrapped the way Dexie wraps it', () => {
    expect(syncProblemText(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe(STORAGE_FULL_TEXT);
    const wrapped = Object.assign(new Error('AbortError: transaction aborted'), { name: 'AbortError', inner: { name: 'QuotaExceededError' } });
    expect(syncProblemText(wrapped)).toBe(STORAGE_FULL_TEXT);
  });

  it('keeps the status in the error message for logs and tests (PullError)', () => {
    expect(new PullError(503, undefined).message).toBe('503: Request failed');
    expect(new PullError(403, 'No access').message).toBe('403: No access');
  });
});
