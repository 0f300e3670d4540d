/**
 * The one transport (lib/http.ts) under lib/api's apiRequest and the offline drain: headers,
 * bearer token, cookie, JSON, Retry-After, and the three ways a request can get no answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { NetworkError, createTransport, parseRetryAfter, serverMessage } from './http';

/** A fetch that never answers but rejects like the browser when its signal aborts. */
const hangingFetch = vi.fn(
  (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }),
);

describe('createTransport', () => {
  it('sends JSON with the token and the cookie, and returns any status as a value', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Nope', code: 'conflict' }), { status: 409, statusText: 'Conflict', headers: { 'Retry-After': '3' } }));
    const transport = createTransport({ fetch, getToken: () => 'tok' });
    const res = await transport({ method: 'PATCH', url: '/api/tickets/1', body: { a: 1 }, headers: { 'Idempotency-Key': 'k' } });
    expect(res).toEqual({ status: 409, statusText: 'Conflict', bodyText: '{"message":"Nope","code":"conflict"}', body: { message: 'Nope', code: 'conflict' }, retryAfterMs: 3000 });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'PATCH', body: '{"a":1}', credentials: 'include' });
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok', 'Idempotency-Key': 'k' });
    expect(serverMessage(res.body, 'fallback')).toBe('Nope');
  });

  it('rejects with NetworkError when there is no answer or the time limit passes, keeping the cause', async () => {
    const offline = new TypeError('Failed to fetch');
    const down = createTransport({ fetch: vi.fn(async () => Promise.reject(offline)) });
    const lost = await down({ method: 'GET', url: '/api/x' }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(NetworkError);
    expect(lost).toMatchObject({ message: 'Network error', cause: offline });
    const slow = createTransport({ fetch: hangingFetch, timeoutMs: 1 });
    await expect(slow({ method: 'GET', url: '/api/x' })).rejects.toMatchObject({ name: 'NetworkError', message: 'Request timed out' });
  });

  it("rejects with the browser's AbortError when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = createTransport({ fetch: hangingFetch, timeoutMs: null })({ method: 'GET', url: '/api/x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
