import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { stubFetch } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A fresh copy of lib/queries.tsx and the app's client (module state: the loaded client). */
async function freshQueries() {
  vi.resetModules();
  return import('./queries');
}

function Ticket() {
  const { data } = useQuery<{ n: number }>({ queryKey: ['/api/tickets', 't1'] });
  return <p>{data ? `ticket ${data.n}` : 'loading ticket'}</p>;
}

describe('the query cache loaded with the screens that use it (lib/queries.tsx)', () => {
  it('provides no client before a screen loads it: a query outside withQueries fails', async () => {
    const { QueryRoot } = await freshQueries();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<QueryRoot><Ticket /></QueryRoot>)).toThrow(/No QueryClient set/);
    spy.mockRestore();
  });

  it('renders a screen loaded with withQueries under the app client, and clearQueries empties it', async () => {
    const { QueryRoot, withQueries, clearQueries } = await freshQueries();
    stubFetch((r) => (r.url === '/api/tickets/t1' ? [200, { n: 7 }] : [404, { message: 'no', code: 'not_found' }]));
    const Screen = lazy(() => withQueries(() => Promise.resolve({ default: Ticket })));
    let client: ReturnType<typeof useQueryClient> | undefined;
    function Spy() {
      client = useQueryClient();
      return null;
    }
    const Spied = lazy(() => withQueries(() => Promise.resolve({ default: Spy })));
    render(
      <QueryRoot>
        <Suspense fallback={<p>loading screen</p>}>
          <Screen />
          <Spied />
        </Suspense>
      </QueryRoot>,
    );
    expect(await screen.findByText('ticket 7')).toBeTruthy();
    const { queryClient } = await import('./queryClient');
    expect(client).toBe(queryClient);
    expect(queryClient.getQueryData(['/api/tickets', 't1'])).toEqual({ n: 7 });
    clearQueries();
    expect(queryClient.getQueryData(['/api/tickets', 't1'])).toBeUndefined();
  });

  it('restores the persisted queries before the screen renders (a status link opened offline)', async () => {
    // An earlier page load: the screen's query (marked meta.persist) is saved when the page is hidden.
    const seed = await freshQueries();
    await seed.loadQueries();
    const { queryClient: earlier, QUERY_CACHE_KEY } = await import('./queryClient');
    await earlier.fetchQuery({ queryKey: ['/api/tickets', 't1'], queryFn: () => ({ n: 3 }), meta: { persist: true } });
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toContain('"n":3');

    // The next page load, offline.
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { QueryRoot, withQueries } = await freshQueries();
    const Screen = lazy(() => withQueries(() => Promise.resolve({ default: Ticket })));
    render(
      <QueryRoot>
        <Suspense fallback={<p>loading screen</p>}>
          <Screen />
        </Suspense>
      </QueryRoot>,
    );
    expect(await screen.findByText('ticket 3')).toBeTruthy();
  });
});
