/**
 * Web push in Chromium: a technician turns notifications on from the phone menu; the
 * browser really subscribes (its push-service registration answered by a local stand-in, see
 * support/fake-push-service.ts) and the server stores the subscription: the next new ticket queues
 * a push job for that technician. The app's service worker turns a pushed PushPayload into a
 * notification (delivered with CDP `ServiceWorker.deliverPushMessage`, since the real push service
 * is out of reach offline; Chromium delivers only to a subscribed worker). Clicking a notification
 * has no CDP command; the click path is unit-tested in src/sw/push.test.ts. Logout removes the subscription. Blocked permission and a refused
 * registration show their clear states.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { NotificationDelivery, PushPayload } from '@portal/shared';
import { api, apiLogin, baseURL, persistentPhoneContext, signIn, waitForServiceWorker } from './support/browser';
import { startFakePushService, type FakePushService } from './support/fake-push-service';
import { shot } from './support/screenshots';

const TECH = { username: 'push.tech', password: 'push-pass-1' };
let pushService: FakePushService;
let adminToken: string;
let context: BrowserContext | undefined;
let profile: string | undefined;

beforeAll(async () => {
  pushService = await startFakePushService();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  await api('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } });
});
afterAll(async () => {
  await pushService?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  if (profile) rmSync(profile, { recursive: true, force: true });
  profile = undefined;
  pushService.mode = 'ok';
});

/** A non-incognito phone profile (incognito refuses push) whose push registration goes to the stand-in. */
async function pushProfile(): Promise<Page> {
  profile = mkdtempSync(join(tmpdir(), 'push-e2e-'));
  context = await persistentPhoneContext(profile, pushService.chromiumArgs);
  await context.grantPermissions(['notifications'], { origin: baseURL() });
  return context.pages()[0] ?? context.newPage();
}

/** Signs in and waits for the app's service worker to control the page (push needs it). */
async function signInWithWorker(page: Page): Promise<void> {
  await signIn(page, TECH.username, TECH.password);
  await waitForServiceWorker(page);
  await page.getByText(`Welcome, ${TECH.username}`).first().waitFor({ state: 'attached' });
}

const openMenu = (page: Page) => page.getByRole('button', { name: 'Open menu' }).first().click();
const browserEndpoint = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null);

/** Push jobs the server queued for the technician (from the admin delivery log). */
async function pushJobsForTech(): Promise<NotificationDelivery[]> {
  const log = await api<NotificationDelivery[]>('/api/notifications/deliveries?limit=200', { token: adminToken });
  return log.filter((d) => d.channel === 'push' && d.recipient === `push:${TECH.username}`);
}

async function newTicket(clientName: string): Promise<{ id: string; ticketNumber: string }> {
  return api('/api/tickets', {
    method: 'POST',
    body: {
      clientName,
      businessName: null,
      customerEmail: 'push.customer@example.com',
      customerPhone: '555 0100',
      severity: 'medium',
      contactMethod: 'email',
      issue: 'The office printer is offline again.',
    },
  });
}

describe('web push', () => {
  it('subscribes a technician in Chromium, the server stores it, and logout removes it', async () => {
    const page = await pushProfile();
    await signInWithWorker(page);
    await openMenu(page);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page.getByText('Notifications On', { exact: true }).first().waitFor();
    await page.getByText('Notifications on', { exact: true }).first().waitFor();

    const endpoint = await browserEndpoint(page);
    expect(endpoint).toMatch(/^https:\/\/.+\/fcm\/send\/e2e-/);
    const ours = pushService.registrations.filter((r) => r.get('X-subtype'));
    expect(ours.length).toBeGreaterThan(0);
    // The registration's sender is the server's VAPID key.
    const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key', { token: adminToken });
    expect(ours.at(-1)?.get('sender')).toBe(publicKey.replace(/=+$/, ''));

    const before = (await pushJobsForTech()).length;
    const ticket = await newTicket('Push Subscriber Check');
    await expect.poll(async () => (await pushJobsForTech()).length).toBe(before + 1);
    const job = (await pushJobsForTech())[0];
    expect(job.summary).toContain(ticket.ticketNumber);

    await page.evaluate(() => document.querySelector('ion-menu')?.close());
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await browserEndpoint(page)).toBeNull();
    // Jobs are written in the ticket's own transaction: once POST answers, they all exist.
    const afterLogout = (await pushJobsForTech()).length;
    const later = await newTicket('After Logout Check');
    const log = await api<NotificationDelivery[]>('/api/notifications/deliveries?limit=50', { token: adminToken });
    expect(log.some((d) => d.summary.includes(later.ticketNumber))).toBe(true);
    expect((await pushJobsForTech()).length).toBe(afterLogout);
  });

  it("the service worker shows a pushed ticket as a notification with the ticket's url", async () => {
    const page = await pushProfile();
    await signInWithWorker(page);
    await openMenu(page);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page.getByText('Notifications on', { exact: true }).first().waitFor();
    const cdp = await context!.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted && r.scopeURL === `${baseURL()}/`)).toBe(true);
    const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL()}/`)!.registrationId;

    const payload: PushPayload = { title: 'New ticket TKT-000777', body: 'Urgent · Printer on fire', url: '/technician?ticket=abc', tag: 'ticket-abc' };
    const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL(), registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown })),
      );
    // CDP's delivery reports nothing back, and on a loaded machine one was lost once (no notification
    // in 10 s, the whole browser suite at load 5; never alone). A push service delivers again when a
    // message is not acknowledged; here a second delivery of the same message stands in for that. It
    // carries the same tag, so a slow first one and the second still make one notification.
    await deliver();
    const once = await expect
      .poll(async () => (await shown()).length, { timeout: 15_000 })
      .toBe(1)
      .then(() => true, () => false);
    if (!once) {
      console.warn('push.e2e: no notification 15 s after the first delivery; delivering again');
      await deliver();
      await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(1);
    }
    expect((await shown())[0]).toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      icon: `${baseURL()}/icons/icon-192.png`,
      data: { url: payload.url },
    });
  });

  it('shows a clear message when the push service refuses the registration', async () => {
    pushService.mode = 'fail';
    const page = await pushProfile();
    await signInWithWorker(page);
    await openMenu(page);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page.getByText('Notifications Not Enabled', { exact: true }).first().waitFor();
    await page.getByText('The browser could not reach its push service. Check the connection and try again.').first().waitFor();
    expect(await browserEndpoint(page)).toBeNull();
    await page.getByRole('button', { name: 'Enable notifications' }).waitFor();
  });

  it('says notifications are blocked when the site may not show them', async () => {
    const page = await pushProfile();
    const cdp = await context!.newCDPSession(page);
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: baseURL() });
    await signInWithWorker(page);
    await openMenu(page);
    await page.getByText('Notifications blocked', { exact: true }).first().waitFor();
    await page.getByText("Notifications are blocked for this site. Allow them in the browser's site settings, then reload.").first().waitFor();
    expect(await page.getByRole('button', { name: 'Enable notifications' }).count()).toBe(0);
  });
});

describe('inbox (issue 57 point 5)', () => {
  it('a technician who chose "my tickets only" sees the inbox count rise for their own ticket and not for someone else\'s', async () => {
    const INBOX_TECH = { username: 'inbox.tech', password: 'inbox-pass-1' };
    const created = await api<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...INBOX_TECH, role: 'technician' } });
    const page = await pushProfile();
    await signIn(page, INBOX_TECH.username, INBOX_TECH.password);
    await page.getByText(`Welcome, ${INBOX_TECH.username}`).first().waitFor({ state: 'attached' });

    await page.goto(`${baseURL()}/account/notifications`);
    await page.getByRole('heading', { name: 'Notification preferences' }).waitFor();
    await page.getByLabel('New tickets: Push').selectOption({ label: 'None' });
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Preferences saved').first().waitFor();
    await shot(page, 'preferences-phone');

    const bell = () => page.getByRole('link', { name: /^Inbox, / }).first();
    const count = async () => Number(/(\d+) unread/.exec((await bell().getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const before = await count();
    const elsewhere = await newTicket('Someone Else Inbox');
    const mine = await newTicket('My Own Inbox');
    await api(`/api/tickets/${mine.id}`, { method: 'PATCH', token: adminToken, body: { assignedTo: created.id } });
    // A new start of the app pulls the inbox (the sync engine's start trigger).
    await page.reload();
    await expect.poll(count, { timeout: 30_000 }).toBe(before + 1);

    await bell().click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    const list = page.getByRole('list', { name: 'Inbox' });
    await list.getByText(mine.ticketNumber, { exact: false }).first().waitFor();
    expect(await list.getByText(elsewhere.ticketNumber, { exact: false }).count()).toBe(0);
    await shot(page, 'inbox-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'inbox-desktop');
    await page.goto(`${baseURL()}/account/notifications`);
    await page.getByRole('heading', { name: 'Notification preferences' }).waitFor();
    await shot(page, 'preferences-desktop');
    await page.goto(`${baseURL()}/inbox`);
    await page.setViewportSize({ width: 390, height: 844 });

    // Opening the entry marks it read and opens the ticket; the bell goes back.
    await page.getByRole('list', { name: 'Inbox' }).getByRole('button').first().click();
    await page.waitForURL(/\/technician/);
    await expect.poll(count).toBe(before);
  });
});
