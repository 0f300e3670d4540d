import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient } from './queryClient';
import { ToastProvider } from './toast';

/**
 * Unit-test helpers (not bundled): render inside the app's providers with a fresh query client,
 * and a fetch stub that answers from a handler and records every request.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** Answer of a stubbed request: status, body (JSON-encoded unless a string) and optional response headers. */
export type StubAnswer = [number, unknown?, Record<string, string>?];

/** Replaces global fetch; `handler` returns [status, body, headers?] per request (body JSON-encoded unless a string). */
export function stubFetch(handler: (req: RecordedRequest) => StubAnswer | Promise<StubAnswer>) {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req: RecordedRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const [status, body, headers] = await handler(req);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, statusText: status === 401 ? 'Unauthorized' : '', headers });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, requests };
}
