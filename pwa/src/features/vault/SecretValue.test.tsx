import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { REVEAL_MS, SecretValue } from './SecretValue';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SECRET = 'hunter2-secret';

function setup(status = 200, body: unknown = { field: 'wifiPassword', endpointId: null, value: SECRET }) {
  const net = stubFetch(() => [status, body]);
  const utils = renderWithProviders(
    <SecretValue entryId="e1" field="wifiPassword" label="WiFi Password" online>
      {(v) => <span>extra:{v.length}</span>}
    </SecretValue>,
  );
  return { net, ...utils };
}

describe('SecretValue', () => {
  it('is masked until Show, which calls the audited reveal once', async () => {
    const { net } = setup();
    expect(screen.queryByText(SECRET)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText(SECRET);
    expect(screen.getByText(`extra:${SECRET.length}`)).toBeTruthy();
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]).toMatchObject({ method: 'POST', url: '/api/vault/e1/reveal', body: { field: 'wifiPassword' } });
  });

  it(`hides again after ${REVEAL_MS / 1000} s, on Hide, and when the page is hidden`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText(SECRET);
    await act(async () => undefined); // let the timer effect start
    await act(async () => {
      vi.advanceTimersByTime(REVEAL_MS + 1000);
    });
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('button', { name: 'Show WiFi Password' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Hide WiFi Password' }));
    expect(screen.queryByText(SECRET)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText(SECRET);
    await act(async () => undefined); // let the effect that listens for visibilitychange run
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.queryByText(SECRET)).toBeNull();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('shows the integrity message of a tampered value and no value', async () => {
    setup(500, { code: 'integrity_failed', message: 'This value failed its integrity check' });
    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText('This value failed its integrity check');
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('says it needs a connection when offline', () => {
    stubFetch(() => [200, {}]);
    renderWithProviders(<SecretValue entryId="e1" field="routerPassword" label="Router Password" online={false} />);
    expect(screen.queryByRole('button', { name: 'Show Router Password' })).toBeNull();
    expect(screen.getByText('Needs a connection')).toBeTruthy();
  });

  it('copies the shown value', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show WiFi Password' }));
    await screen.findByText(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Copy WiFi Password' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await screen.findByText('WiFi Password copied to the clipboard.');
  });
});
