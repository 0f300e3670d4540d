import { afterEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { createQueryClient, queryKeyToUrl, shouldPersistQuery } from './queryClient';
import { stubFetch } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('query client (SPEC.md 7)', () => {
  it('has the SPEC.md 7 defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('joins the key parts with / into the URL and throws on 401', async () => {
    expect(queryKeyToUrl(['/api/tickets', 'abc'])).toBe('/api/tickets/abc');
    const { requests } = stubFetch((r) => (r.url === '/api/config' ? [200, { appName: 'X' }] : [401, { message: 'Authentication required', code: 'unauthenticated' }]));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/config'] })).resolves.toEqual({ appName: 'X' });
    await expect(client.fetchQuery({ queryKey: ['/api/tickets'] })).rejects.toThrow(/^401: /);
    expect(requests.map((r) => r.url)).toEqual(['/api/config', '/api/tickets']);
  });

  it('persists a marked query that holds data, also after a failed refresh, and nothing else', async () => {
    let online = true;
    stubFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return [200, { ticketNumber: 'TKT-000001' }];
    });
    const client = createQueryClient();
    const view = { queryKey: ['/api/ticket-status', 'tok'], meta: { persist: true } };
    await client.fetchQuery(view);
    await client.fetchQuery({ queryKey: ['/api/tickets', 'x'] }); // not marked
    online = false;
    await expect(client.fetchQuery({ ...view, staleTime: 0 })).rejects.toThrow('Failed to fetch');
    await expect(client.fetchQuery({ queryKey: ['/api/ticket-status', 'never'], meta: { persist: true } })).rejects.toThrow();
    expect(client.getQueryState(view.queryKey)?.status).toBe('error');

    const saved = JSON.parse(JSON.stringify(dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery })));
    expect(saved.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([view.queryKey]);
    const revoked = { queryKey: ['/api/ticket-status', 'revoked'], meta: { persist: true } };
    online = true;
    await client.fetchQuery(revoked);
    stubFetch(() => [404, { message: 'This link is no longer valid', code: 'not_found' }]);
    await expect(client.fetchQuery({ ...revoked, staleTime: 0 })).rejects.toThrow(/^404/);
    expect(dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }).queries.map((q) => q.queryKey)).toEqual([view.queryKey]);
    const reopened = createQueryClient();
    hydrate(reopened, saved);
    expect(reopened.getQueryData(view.queryKey)).toEqual({ ticketNumber: 'TKT-000001' });
  });
});
