import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryKeyToUrl } from './queryClient';
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
});
