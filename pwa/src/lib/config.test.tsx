import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { stubFetch } from './test-utils';

const ACME = { appName: 'Acme IT', supportPhone: '(555) 010-7788', supportEmail: 'help@acme.test', phoneCountry: 'GB' };

/** A fresh copy of lib/config.ts (its saved answer is read when the module loads). */
async function freshConfig() {
  vi.resetModules();
  return import('./config');
}

async function renderHeader() {
  const { useConfig } = await freshConfig();
  function Header() {
    const { appName, supportPhone, phoneCountry } = useConfig();
    return <p>{`${appName}|${supportPhone}|${phoneCountry}`}</p>;
  }
  return { view: render(<Header />), Header };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('useConfig (GET /api/config without the query cache)', () => {
  it('shows the fallback until the server answers, then its answer, and keeps it for the next page load', async () => {
    const { requests } = stubFetch(() => [200, ACME]);
    const online = await renderHeader();
    expect(screen.getByText('IT Support Portal||US')).toBeTruthy();
    expect(await screen.findByText('Acme IT|(555) 010-7788|GB')).toBeTruthy();
    expect(requests.map((r) => r.url)).toEqual(['/api/config']);
    online.view.unmount();

    // The next page load, offline: the saved answer renders at once.
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderHeader();
    expect(screen.getByText('Acme IT|(555) 010-7788|GB')).toBeTruthy();
  });

  it('asks once per page load however many screens show it', async () => {
    const { requests } = stubFetch(() => [200, ACME]);
    const { Header } = await renderHeader();
    render(<Header />);
    await waitFor(() => expect(screen.getAllByText('Acme IT|(555) 010-7788|GB')).toHaveLength(2));
    expect(requests).toHaveLength(1);
  });

  it('asks again from the next screen after a failed ask, and keeps the fallback meanwhile', async () => {
    let up = false;
    const { requests } = stubFetch(() => (up ? [200, ACME] : Promise.reject(new TypeError('Failed to fetch'))));
    const { view, Header } = await renderHeader();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByText('IT Support Portal||US')).toBeTruthy();
    view.unmount();
    up = true;
    render(<Header />);
    expect(await screen.findByText('Acme IT|(555) 010-7788|GB')).toBeTruthy();
    expect(requests).toHaveLength(2);
  });

  it('drops a saved answer of another build or older than 7 days', async () => {
    stubFetch(() => [200, ACME]);
    const saving = await renderHeader();
    await screen.findByText('Acme IT|(555) 010-7788|GB');
    saving.view.unmount();
    const { CONFIG_STORAGE_KEY } = await freshConfig();
    const saved = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY)!) as { build: string; at: number };
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ ...saved, build: `${saved.build}-older` }));
    const otherBuild = await renderHeader();
    expect(screen.getByText('IT Support Portal||US')).toBeTruthy();
    otherBuild.view.unmount();

    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ ...saved, at: Date.now() - 8 * 24 * 3600_000 }));
    await renderHeader();
    expect(screen.getByText('IT Support Portal||US')).toBeTruthy();
  });
});
