/**
 * retryFailedInstalls: a worker whose install fails (installing -> redundant) is asked for again
 * after a growing back-off; a worker that installs, or is replaced after installing, is not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registerAgain, retryFailedInstalls } from './installRetry';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  scriptURL = 'http://portal.test/sw.js';
  to(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  active: FakeWorker | null = null;
  scope = 'http://portal.test/';
  updates = 0;
  async update() {
    this.updates += 1;
  }
  /** A new install starts, as the browser announces it. */
  install(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

function harness() {
  const reg = new FakeRegistration();
  const timers: { fn: () => void; ms: number }[] = [];
  const stop = retryFailedInstalls(reg as unknown as ServiceWorkerRegistration, { baseMs: 1000, maxMs: 3000, setTimer: (fn, ms) => timers.push({ fn, ms }) });
  const fire = () => timers.splice(0).forEach((t) => t.fn());
  return { reg, timers, stop, fire };
}

describe('retryFailedInstalls', () => {
  it('registers the script again after a failed first install (update() refuses a registration without a worker)', async () => {
    const { reg, fire } = harness();
    const calls: unknown[][] = [];
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: (...args: unknown[]) => (calls.push(args), Promise.resolve(reg)) } });
    reg.install().to('redundant');
    fire();
    expect(calls).toEqual([['http://portal.test/sw.js', { scope: 'http://portal.test/' }]]);
    expect(reg.updates).toBe(0);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks for an update again after each failed update, backing off up to the maximum', () => {
    const { reg, timers, fire } = harness();
    reg.active = new FakeWorker();
    reg.install().to('redundant');
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    fire();
    expect(reg.updates).toBe(1);
    reg.install().to('redundant');
    reg.install().to('redundant');
    reg.install().to('redundant');
    expect(timers.map((t) => t.ms)).toEqual([2000, 3000, 3000]);
  });

  it('leaves installed workers alone, also when a newer one replaces them later', () => {
    const { reg, timers } = harness();
    const first = reg.install();
    first.to('installed');
    first.to('activating');
    first.to('activated');
    first.to('redundant');
    expect(timers).toHaveLength(0);
  });

  it('starts the back-off over after a successful install, and retries nothing once stopped', () => {
    const { reg, timers, stop, fire } = harness();
    reg.active = new FakeWorker();
    reg.install().to('redundant');
    fire();
    reg.install().to('installed');
    reg.install().to('redundant');
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    stop();
    fire();
    expect(reg.updates).toBe(1);
  });

  it('watches a worker already installing when it is called', () => {
    const reg = new FakeRegistration();
    const worker = new FakeWorker();
    reg.installing = worker;
    const timers: number[] = [];
    retryFailedInstalls(reg as unknown as ServiceWorkerRegistration, { setTimer: (_fn, ms) => timers.push(ms) });
    worker.to('redundant');
    expect(timers).toEqual([2000]);
  });
});

describe('registerAgain', () => {
  afterEach(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('registers the script again, backing off while registering fails, and then watches its installs', async () => {
    const reg = new FakeRegistration();
    const answers = [Promise.reject(new Error('offline')), Promise.resolve(reg)];
    answers[0].catch(() => {});
    const calls: [string, RegistrationOptions | undefined][] = [];
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: (url: string, o?: RegistrationOptions) => (calls.push([url, o]), answers.shift()) } });
    const timers: { fn: () => void; ms: number }[] = [];
    const fire = async () => {
      timers.splice(0).forEach((t) => t.fn());
      await new Promise((ok) => setTimeout(ok, 0));
    };
    registerAgain('/sw.js', { baseMs: 1000, setTimer: (fn, ms) => timers.push({ fn, ms }) });
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await fire();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    await fire();
    expect(calls).toEqual([['/sw.js', { scope: '/' }], ['/sw.js', { scope: '/' }]]);
    reg.install().to('redundant');
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('stops without an error when registering resolves with no registration (service workers blocked)', async () => {
    const calls: string[] = [];
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: (url: string) => (calls.push(url), Promise.resolve(undefined)) } });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const timers: { fn: () => void; ms: number }[] = [];
    try {
      registerAgain('/sw.js', { baseMs: 1000, setTimer: (fn, ms) => timers.push({ fn, ms }) });
      timers.splice(0).forEach((t) => t.fn());
      await new Promise((ok) => setTimeout(ok, 10));
      expect(calls).toEqual(['/sw.js']);
      expect(timers).toEqual([]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
