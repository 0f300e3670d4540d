/**
 * Outbox drain benchmark (and 16), driven through the real PWA in Chromium at a desktop
 * viewport (the 'Update Ticket' panel stays open) with service workers blocked, so only the page's
 * sync engine drains. Three figures:
 * 1. Reconnect: a technician queues `queued` comment updates while offline (spread over
 *    ceil(queued / 10) tickets, through the real panel), then the network comes back; measured is
 *    the time from `context.setOffline(false)` to an empty outbox (no item left in IndexedDB that
 *    is not done), in ms. The server must gain exactly `queued` work-history rows (none lost, none
 *    applied twice).
 * 2. Resume: the browser stays online but the API does not answer (every `/api/` request of the
 *    page is aborted, "lie-fi") while `resumeQueued` updates are queued and for `outageMs` more;
 *    then the API answers again. Measured: from the moment it answers to an empty outbox, in ms
 *    (no network event tells the page; only its retry cadence can notice). Capped at
 *    `resumeLimitMs`.
 * 3. Direct: the same number of comment PATCHes sent by Node without a browser (what the network
 *    and API alone cost), one after another and four tickets at a time, for the ratios: on a loaded
 *    machine the API's own time sets the floor of the drain.
 * With 1., the page's main-thread time during the drain (busy, and running script), which depends
 * less on the machine's load than the wall time.
 * Throws when a step does not happen, with the step's name (the caller prints FAILED), never hangs:
 * every wait has a limit (page reads, API requests and closing the browser included).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { LoginResponse, TicketCreated, TicketUpdateEntry } from '@portal/shared';
import { within } from '../within';
import { cpuThrottleRate, throttleCpu } from './cpuThrottle';
import { readSyncedCache } from './firstSync';
import { queueUpdates, signInAdmin, unsentInPage, waitForEmptyOutbox } from './drain-page';

export interface DrainResult {
  /** 1. online -> empty outbox, ms. */
  drainMs: number;
  /** ... the page's main thread meanwhile: busy (tasks) and running script, ms (CDP Performance metrics). */
  drainTaskMs: number;
  drainScriptMs: number;
  /** Work-history rows the server gained during the drain (expected: queued). */
  serverRows: number;
  /** 2. API answers again -> empty outbox, ms; null when it did not happen within the limit. */
  resumeMs: number | null;
  resumeQueued: number;
  /** Work-history rows the server gained by the resume (expected: resumeQueued). */
  resumeRows: number;
  /** 3. The same PATCHes from Node, sequential, ms. */
  directMs: number;
  /** ... and {@link DIRECT_POOL} tickets at a time (each ticket in order), ms. */
  directPooledMs: number;
}

/** Tickets sent at a time by the Node comparison: the PWA drain's DRAIN_CONCURRENCY. */
const DIRECT_POOL = 4;

export interface DrainOptions {
  queued: number;
  resumeQueued?: number;
  /** How long the API stays unreachable after the last update was queued (ms). */
  outageMs?: number;
  resumeLimitMs?: number;
}

/** Limit of one API request from Node (ms). */
const REQUEST_LIMIT_MS = 60_000;

/** Runs one step of the benchmark; a failure names the step (first line of the cause only). */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(`${name}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`, { cause: error });
  }
}

async function api<T>(baseURL: string, path: string, init: { method?: string; token?: string; key?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { 'Idempotency-Key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs the benchmark against the app at `baseURL` (admin password `adminPassword`). */
export async function measureDrain(baseURL: string, adminPassword: string, options: DrainOptions): Promise<DrainResult> {
  const { queued, resumeQueued = 20, outageMs = 20_000, resumeLimitMs = 120_000 } = options;
  const ticketCount = Math.ceil(queued / 10);
  const { token, tickets } = await step(`creating ${ticketCount} tickets`, async () => {
    const { token } = await api<LoginResponse>(baseURL, '/api/auth/login', { method: 'POST', body: { username: 'admin', password: adminPassword } });
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
    return { token, tickets };
  });
  // Per ticket: the unfiltered list is bounded (a page), one ticket's history here is not.
  const historyRows = async () => {
    let n = 0;
    for (const t of tickets) n += (await api<TicketUpdateEntry[]>(baseURL, `/api/ticket-updates?ticketId=${t.id}`, { token })).length;
    return n;
  };

  const browser = await step('starting Chromium', () =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      timeout: 60_000,
    }),
  );
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    // Every page action and wait below has a limit, longer on a throttled page (BENCH_CPU_THROTTLE):
    // at 4x on a loaded machine a click on a card of the virtual list took more than 15 s.
    const slow = cpuThrottleRate();
    context.setDefaultTimeout(30_000 * slow);
    const page = await step('signing in and opening the ticket screen', async () => {
      const page = await signInAdmin(context, adminPassword);
      await page.goto('/technician');
      await page.getByPlaceholder('Search number, name').waitFor({ timeout: 60_000 });
      // Queue on a phone that has its copy: the first sync pass ends before the network goes away.
      const synced = performance.now() + 120_000;
      while ((await readSyncedCache(page)).lastSync === null) {
        if (performance.now() > synced) throw new Error('no first sync pass within 120 s');
        await new Promise((r) => setTimeout(r, 250));
      }
      await throttleCpu(context, page); // BENCH_CPU_THROTTLE: issue 59's slow phone (queueing, drain and resume)
      return page;
    });

    // 1. Reconnect.
    const before = await step(`queueing ${queued} updates offline`, async () => {
      await context.setOffline(true);
      await queueUpdates(page, tickets, queued, 0, 'Bench', 15_000 * slow);
      const held = await unsentInPage(page);
      if (held !== queued) throw new Error(`the outbox holds ${held} updates, not ${queued}`);
      return historyRows();
    });
    const { drainMs, drainTaskMs, drainScriptMs, serverRows } = await step('draining after going online', async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const mainThread = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        return { task: value('TaskDuration'), script: value('ScriptDuration') };
      };
      // BENCH_DRAIN_PROFILE=file.cpuprofile: the page's CPU profile of the drain (open it in DevTools).
      const profileFile = process.env.BENCH_DRAIN_PROFILE;
      if (profileFile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      // BENCH_DRAIN_TRACE=file.json: a DevTools timeline trace of the drain (what "(program)" is: style, layout, paint, IndexedDB events).
      const traceFile = process.env.BENCH_DRAIN_TRACE;
      const traceEvents: unknown[] = [];
      const traced = traceFile ? new Promise<void>((done) => cdp.on('Tracing.tracingComplete', () => done())) : null;
      if (traceFile) {
        cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      }
      const busyBefore = await mainThread();
      const started = performance.now();
      await context.setOffline(false);
      if (!(await waitForEmptyOutbox(page, 300_000))) throw new Error(`the outbox still holds ${await unsentInPage(page)} updates after 300 s`);
      const drainMs = Math.round(performance.now() - started);
      const busyAfter = await mainThread();
      if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      if (traceFile && traced) {
        await cdp.send('Tracing.end');
        await within(60_000, 'collecting the trace', traced);
        writeFileSync(traceFile, JSON.stringify({ traceEvents }));
      }
      await cdp.detach();
      return {
        drainMs,
        drainTaskMs: Math.round(busyAfter.task - busyBefore.task),
        drainScriptMs: Math.round(busyAfter.script - busyBefore.script),
        serverRows: (await historyRows()) - before,
      };
    });

    // 2. Resume after an outage the browser does not notice.
    const beforeResume = await step(`queueing ${resumeQueued} updates while the API does not answer`, async () => {
      const rows = await historyRows();
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await queueUpdates(page, tickets.slice(0, 4), resumeQueued, 0, 'Outage', 15_000 * slow);
      await new Promise((r) => setTimeout(r, outageMs));
      const held = await unsentInPage(page);
      if (held !== resumeQueued) throw new Error(`the outbox holds ${held} updates, not ${resumeQueued}: some were sent although the API was unreachable`);
      return rows;
    });
    const { resumeMs, resumeRows } = await step('resuming when the API answers again', async () => {
      const back = performance.now();
      await page.unroute('**/api/**');
      const resumed = await waitForEmptyOutbox(page, resumeLimitMs);
      const resumeMs = resumed ? Math.round(performance.now() - back) : null;
      return { resumeMs, resumeRows: (await historyRows()) - beforeResume };
    });
    await context.close();

    // 3. The same comments straight from Node (with Idempotency-Keys): one after another, then one
    // ticket per worker with the drain's concurrency (each ticket in order).
    const { directMs, directPooledMs } = await step(`sending ${queued} PATCHes from Node`, async () => {
      const patch = (ticket: TicketCreated, n: number) =>
        api(baseURL, `/api/tickets/${ticket.id}`, { method: 'PATCH', token, key: randomUUID(), body: { comment: `Direct note ${n}` } });
      const directStart = performance.now();
      for (let i = 0; i < queued; i++) await patch(tickets[i % ticketCount], i + 1);
      const directMs = Math.round(performance.now() - directStart);
      const pooledStart = performance.now();
      let nextTicket = 0;
      await Promise.all(
        Array.from({ length: DIRECT_POOL }, async () => {
          while (nextTicket < ticketCount) {
            const ticket = tickets[nextTicket++];
            for (let i = 0; i < queued / ticketCount; i++) await patch(ticket, i + 1);
          }
        }),
      );
      return { directMs, directPooledMs: Math.round(performance.now() - pooledStart) };
    });
    return { drainMs, drainTaskMs, drainScriptMs, serverRows, resumeMs, resumeQueued, resumeRows, directMs, directPooledMs };
  } finally {
    // A browser that no longer answers must not hang the benchmark either.
    await within(30_000, 'closing Chromium', browser.close()).catch((e: unknown) => console.log(`(${String(e)})`));
  }
}

/** Prints the figures of {@link measureDrain}. */
export function printDrain(queued: number, r: DrainResult, limitMs = 120_000): void {
  console.log(`online -> empty outbox: ${r.drainMs} ms (${((queued / r.drainMs) * 1000).toFixed(1)} updates/s; goal <= 5000 ms)`);
  console.log(`page main thread meanwhile: busy ${r.drainTaskMs} ms, of which script ${r.drainScriptMs} ms`);
  console.log(`server work-history rows added: ${r.serverRows} (expected ${queued})`);
  console.log(
    `same ${queued} PATCHes from Node: sequential ${r.directMs} ms, ${DIRECT_POOL} tickets at a time ${r.directPooledMs} ms ` +
      `(page drain / Node: ${(r.drainMs / r.directMs).toFixed(2)} / ${(r.drainMs / r.directPooledMs).toFixed(2)})`,
  );
  const resume = r.resumeMs === null ? `not within ${limitMs / 1000} s` : `${r.resumeMs} ms`;
  console.log(`API unreachable while online, back -> ${r.resumeQueued} updates synced: ${resume} (goal <= 10000 ms); rows added: ${r.resumeRows} (expected ${r.resumeQueued})`);
}
