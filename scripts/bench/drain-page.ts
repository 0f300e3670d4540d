/**
 * What the drain benchmark (drain.ts) does in the PWA page: signs in, queues comment updates through
 * the 'Update Ticket' panel, and reads the page's outbox straight from IndexedDB until it is empty.
 * Every read has a limit, so a stuck page fails the step instead of hanging.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { TicketCreated } from '@portal/shared';
import { within } from '../within';

/** Limit of one read of the page's outbox (ms). */
const PAGE_READ_LIMIT_MS = 15_000;

/** Number of outbox items not yet done, read straight from IndexedDB (one connection kept open on the page). */
export function unsentInPage(page: Page): Promise<number> {
  const read = page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const g = globalThis as unknown as { __benchDb?: Promise<IDBDatabase> };
        g.__benchDb ??= new Promise<IDBDatabase>((ok, fail) => {
          const open = indexedDB.open('portal-offline');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            // Never block the app's own upgrade or deletion of the database: let go, reopen next time.
            open.result.onversionchange = () => {
              open.result.close();
              g.__benchDb = undefined;
            };
            ok(open.result);
          };
        });
        g.__benchDb.then((db) => {
          // Counts only (no item is read): the poll itself must not load the page.
          const tx = db.transaction('outbox');
          const all = tx.objectStore('outbox').count();
          const done = tx.objectStore('outbox').index('state').count('done');
          tx.oncomplete = () => resolve(all.result - done.result);
          tx.onerror = () => reject(tx.error);
        }, reject);
      }),
  );
  return within(PAGE_READ_LIMIT_MS, "reading the page's outbox", read);
}

/** Polls until the page's outbox is empty; returns false after `limitMs`. */
export async function waitForEmptyOutbox(page: Page, limitMs: number): Promise<boolean> {
  const end = performance.now() + limitMs;
  while (performance.now() < end) {
    if ((await unsentInPage(page)) === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const waitingText = (n: number) => (n === 1 ? '1 update waiting to sync' : `${n} updates waiting to sync`);

/**
 * Queues `count` comment updates through the panel, ticket after ticket (`count / tickets` each);
 * each ticket is found with the search box (the list is virtual: only cards on screen exist). The
 * counter must reach `already + n` after the n-th update. `limitMs` bounds each click and wait
 * (default 15 s; the drain bench gives a throttled page more).
 */
export async function queueUpdates(page: Page, tickets: TicketCreated[], count: number, already: number, tag: string, limitMs = 15_000): Promise<void> {
  const search = page.getByPlaceholder('Search number, name');
  let open: string | null = null;
  for (let i = 0; i < count; i++) {
    const ticket = tickets[Math.floor((i * tickets.length) / count)];
    if (open !== ticket.id) {
      await search.fill(ticket.ticketNumber);
      await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click({ timeout: limitMs });
      await page.getByText(`${ticket.ticketNumber} · `).first().waitFor({ timeout: limitMs });
      open = ticket.id;
    }
    await page.getByRole('textbox', { name: 'Update Comment' }).fill(`${tag} note ${i + 1}`);
    await page.getByRole('button', { name: 'Update Ticket' }).click();
    await page
      .getByText(waitingText(already + i + 1))
      .waitFor({ timeout: limitMs })
      .catch(async (error: unknown) => {
        const bar = await page.getByText(/waiting to sync|All updates synced/).allInnerTexts().catch(() => []);
        const comment = await page.getByRole('textbox', { name: 'Update Comment' }).inputValue({ timeout: 2_000 }).catch(() => '?');
        const held = await unsentInPage(page).catch((e: unknown) => `? (${String(e)})`);
        throw new Error(
          `update ${already + i + 1}: the page shows ${JSON.stringify(bar)}, its outbox holds ${held}, the comment box ${JSON.stringify(comment)} (${String(error).split('\n')[0]})`,
        );
      });
  }
}

/** Signs in as admin in a new page of `context`; resolves once the dashboard shows (after its reload). */
export async function signInAdmin(context: BrowserContext, adminPassword: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('Enter your username').fill('admin');
  await page.getByPlaceholder('Enter your password').fill(adminPassword);
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Welcome, admin').first().waitFor({ state: 'attached' });
  await reloaded;
  return page;
}
