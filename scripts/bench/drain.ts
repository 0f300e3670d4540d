/**
 * Outbox drain benchmark (issue 3): a technician queues `queued` comment updates while offline
 * (spread over ceil(queued / 10) tickets, through the real 'Update Ticket' panel), then the
 * network comes back; measured is the time from `context.setOffline(false)` to an empty outbox
 * (no item left in IndexedDB that is not done), in ms. Also checks the server gained exactly
 * `queued` work-history rows (none lost, none applied twice). Chromium at a desktop viewport so the
 * panel stays open; service workers blocked, so only the page's sync engine drains.
 */
import { chromium, type Page } from 'playwright-core';
import type { LoginResponse, TicketCreated, TicketUpdateEntry } from '@portal/shared';

export interface DrainResult {
  drainMs: number;
  /** Work-history rows the server gained during the drain. */
  serverRows: number;
}

async function api<T>(baseURL: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Number of outbox items not yet done, read straight from IndexedDB. */
function unsentInPage(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { state: string }[]).filter((i) => i.state !== 'done').length);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Runs the benchmark against the app at `baseURL` (admin password `adminPassword`). */
export async function measureDrain(baseURL: string, adminPassword: string, queued: number): Promise<DrainResult> {
  const { token } = await api<LoginResponse>(baseURL, '/api/auth/login', { method: 'POST', body: { username: 'admin', password: adminPassword } });
  const ticketCount = Math.ceil(queued / 10);
  const tickets: TicketCreated[] = [];
  for (let i = 0; i < ticketCount; i++) {
    tickets.push(
      await api<TicketCreated>(baseURL, '/api/tickets', {
        method: 'POST',
        body: {
          clientName: `Bench Client ${i}`,
          customerEmail: `bench${i}@example.com`,
          customerPhone: '+1 555 0100',
          severity: 'low',
          contactMethod: 'email',
          issue: 'Benchmark ticket for the outbox drain.',
        },
      }),
    );
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your username').fill('admin');
    await page.getByPlaceholder('Enter your password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome, admin').first().waitFor({ state: 'attached' });
    await page.goto('/technician');
    await page.getByRole('button', { name: tickets[0].ticketNumber, exact: true }).waitFor();

    await context.setOffline(true);
    for (let i = 0; i < queued; i++) {
      const ticket = tickets[i % ticketCount];
      await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click();
      await page.getByRole('textbox', { name: 'Update Comment' }).fill(`Bench note ${i + 1}`);
      await page.getByRole('button', { name: 'Update Ticket' }).click();
      await page.getByText(i === 0 ? '1 update waiting to sync' : `${i + 1} updates waiting to sync`).waitFor();
    }
    if ((await unsentInPage(page)) !== queued) throw new Error('the outbox does not hold every queued update');

    const before = (await api<TicketUpdateEntry[]>(baseURL, '/api/ticket-updates', { token })).length;
    const started = performance.now();
    await context.setOffline(false);
    while ((await unsentInPage(page)) > 0) await new Promise((r) => setTimeout(r, 20));
    const drainMs = Math.round(performance.now() - started);
    const after = (await api<TicketUpdateEntry[]>(baseURL, '/api/ticket-updates', { token })).length;
    await context.close();
    return { drainMs, serverRows: after - before };
  } finally {
    await browser.close();
  }
}
