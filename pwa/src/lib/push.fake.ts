import { vi, type Mock } from 'vitest';

/**
 * Test double of the browser's push APIs (secure context, Notification, PushManager and a service
 * worker registration), installed on jsdom's window/navigator for the push unit tests (lib and features/push). Not bundled
 * (only imported by *.test.tsx).
 */
export interface FakePush {
  permission: NotificationPermission;
  /** What Notification.requestPermission() answers. */
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  subscribe: Mock<(options: { applicationServerKey: Uint8Array }) => Promise<FakeSubscription>>;
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  unsubscribe: Mock<() => Promise<boolean>>;
}

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export const FAKE_ENDPOINT = 'https://push.example.com/send/abc';
export const FAKE_KEYS = { p256dh: 'BPk', auth: 'au' };

/** Installs the fakes; `push: false` leaves PushManager out (an unsupported browser). */
export function installFakePush(options: { permission?: NotificationPermission; subscribed?: boolean; push?: boolean } = {}): FakePush {
  const unsubscribe = vi.fn(async () => {
    fake.subscription = null;
    return true;
  });
  const makeSubscription = (key: ArrayBuffer | null): FakeSubscription => ({
    endpoint: FAKE_ENDPOINT,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: FAKE_ENDPOINT, expirationTime: null, keys: FAKE_KEYS }),
    unsubscribe,
  });
  const fake: FakePush = {
    permission: options.permission ?? 'default',
    answer: 'granted',
    subscription: null,
    unsubscribe,
    requestPermission: vi.fn(async () => {
      fake.permission = fake.answer;
      return fake.answer;
    }),
    subscribe: vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
      fake.subscription = makeSubscription(opts.applicationServerKey.slice().buffer);
      return fake.subscription;
    }),
  };
  if (options.subscribed) fake.subscription = makeSubscription(null);

  const registration = {
    active: {},
    pushManager: {
      getSubscription: async () => fake.subscription,
      subscribe: (opts: { applicationServerKey: Uint8Array }) => fake.subscribe(opts),
    },
  };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('Notification', {
    get permission() {
      return fake.permission;
    },
    requestPermission: () => fake.requestPermission(),
  });
  if (options.push !== false) vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return fake;
}

/** Removes what {@link installFakePush} put on navigator (vi.unstubAllGlobals handles the rest). */
export function uninstallFakePush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
