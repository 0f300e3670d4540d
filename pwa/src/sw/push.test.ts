import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_TITLE,
  NOTIFICATION_ICON,
  notificationTarget,
  parsePushPayload,
  registerPushHandlers,
} from './push';

const ORIGIN = 'https://portal.example.com';
const text = (value: string) => ({ text: () => value });

type Listener = (event: unknown) => void;

/** A service worker global with just what the handlers use, recording listeners and calls. */
function fakeWorker(windows: { url: string }[]) {
  const listeners = new Map<string, Listener>();
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async function (this: { url: string }) {
      return this;
    }),
    navigate: vi.fn(async (url: string) => ({ url })),
  }));
  const sw = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
  };
  registerPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  /** Fires an event and waits for what it passed to waitUntil. */
  const fire = async (type: string, fields: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { sw, clients, fire, listeners };
}

describe('service worker push', () => {
  it('reads the PushPayload JSON, and falls back for text or nothing', () => {
    expect(parsePushPayload(text('{"title":"New ticket TKT-000012","body":"Printer down","url":"/technician?ticket=7","tag":"ticket-7"}'))).toEqual({
      title: 'New ticket TKT-000012',
      body: 'Printer down',
      url: '/technician?ticket=7',
      tag: 'ticket-7',
    });
    expect(parsePushPayload(text('plain words'))).toEqual({ title: DEFAULT_NOTIFICATION_TITLE, body: 'plain words', url: '/technician' });
    expect(parsePushPayload(null).title).toBe(DEFAULT_NOTIFICATION_TITLE);
  });

  it('only opens paths of the app itself', () => {
    expect(notificationTarget('/technician?ticket=7', ORIGIN)).toBe(`${ORIGIN}/technician?ticket=7`);
    expect(notificationTarget('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/technician`);
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/technician`);
  });

  it('shows a notification with the icon, tag and url on push', async () => {
    const { sw, fire, listeners } = fakeWorker([]);
    expect([...listeners.keys()].sort()).toEqual(['notificationclick', 'push', 'pushsubscriptionchange']);
    await fire('push', { data: text('{"title":"Assigned: TKT-000003","body":"Wifi","url":"/technician?ticket=3","tag":"ticket-3"}') });
    expect(sw.registration.showNotification).toHaveBeenCalledWith('Assigned: TKT-000003', {
      body: 'Wifi',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      tag: 'ticket-3',
      data: { url: '/technician?ticket=3' },
    });
  });

  it('a click focuses an open window of the app and navigates it to the ticket', async () => {
    const { sw, clients, fire } = fakeWorker([{ url: `${ORIGIN}/` }]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { close, data: { url: '/technician?ticket=3' } } });
    expect(close).toHaveBeenCalled();
    expect(clients[0].focus).toHaveBeenCalled();
    expect(clients[0].navigate).toHaveBeenCalledWith(`${ORIGIN}/technician?ticket=3`);
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click opens a new window when none of the app is open', async () => {
    const { sw, fire } = fakeWorker([]);
    await fire('notificationclick', { notification: { close: vi.fn(), data: { url: '/technician?ticket=9' } } });
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/technician?ticket=9`);
  });
});
