import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest } from './api';
import { saveSession } from './session';
import { stubFetch } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest (SPEC.md 7 / 8)', () => {
  it('sends JSON with cookies, and the bearer token once a session is stored', async () => {
    const { fn, requests } = stubFetch(() => [200, { ok: true }]);
    await apiGet('/api/config');
    expect(requests[0].headers.get('Authorization')).toBeNull();

    saveSession({ user: { id: '1', username: 'ann', email: null, role: 'admin' }, token: 'tok-123' });
    const res = await apiRequest('POST', '/api/tickets', { a: 1 }, { headers: { 'Idempotency-Key': 'k1' } });
    expect(res).toEqual({ ok: true });
    const r = requests[1];
    expect(r.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(r.headers.get('Content-Type')).toBe('application/json');
    expect(r.headers.get('Idempotency-Key')).toBe('k1');
    expect(r.body).toEqual({ a: 1 });
    expect(fn.mock.calls[1][1]).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('throws ApiError "status: body" and keeps the server message and field errors', async () => {
    const body = { message: 'Validation failed', code: 'validation_failed', fieldErrors: { clientName: ['Name is required'] } };
    stubFetch(() => [400, body]);
    const err = await apiRequest('POST', '/api/tickets', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(e.status).toBe(400);
    expect(e.serverMessage).toBe('Validation failed');
    expect(e.fieldErrors).toEqual({ clientName: ['Name is required'] });
  });

  it('uses the status text when the body is empty, and handles non-JSON bodies', async () => {
    stubFetch(() => [401]);
    await expect(apiGet('/api/auth/me')).rejects.toThrow('401: Unauthorized');
    stubFetch(() => [502, 'Bad gateway from proxy']);
    const e = (await apiGet('/api/tickets').catch((x: unknown) => x)) as ApiError;
    expect(e.message).toBe('502: Bad gateway from proxy');
    expect(e.serverMessage).toBeUndefined();
  });

  it("rejects with the browser's own TypeError when there is no answer (offline)", async () => {
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(offline)));
    await expect(apiGet('/api/config')).rejects.toBe(offline);
  });

  it('resolves undefined for 204', async () => {
    stubFetch(() => [204]);
    await expect(apiRequest('POST', '/api/auth/logout')).resolves.toBeUndefined();
  });
});
