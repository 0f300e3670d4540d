/**
 * The ticket screen's test harness (TicketsPage.test.tsx offline, TicketsPage.server.test.tsx
 * online): before each test, a model API (offline/model-server.testkit.ts) with two tickets that
 * this device has synced, a signed-in technician and `fetch` answered by the model unless
 * `network` is 'down' (every request URL is recorded in `requests`); after each test, the page is
 * unmounted before its database closes (a live read still in flight must not meet a closed one).
 */
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { stubFetch } from '../../lib/test-utils';
import type { OfflineDb } from '../../offline';
import { ModelServer, TECH_ID, freshDb, pullAll, setOfflineDb } from '../../offline/model-server.testkit';

/** What {@link ticketsPageHarness} sets up; fields are replaced before each test. */
export interface TicketsPageHarness {
  server: ModelServer;
  db: OfflineDb;
  network: 'up' | 'down';
  requests: string[];
}

/** The signed-in technician of the harness. */
export const TECH = { id: TECH_ID, username: 'tech', email: null, role: 'technician' as const };

/**
 * Registers the harness's beforeEach/afterEach. `network` is where each test starts;
 * `afterSync(server)` runs after the device's sync (e.g. tickets only the server has);
 * `neverSynced` skips that sync (a device signed in whose first sync has not ended).
 */
export function ticketsPageHarness(options: { network: 'up' | 'down'; afterSync?: (server: ModelServer) => void; neverSynced?: boolean }): TicketsPageHarness {
  const h = {} as TicketsPageHarness;
  beforeEach(async () => {
    h.server = new ModelServer();
    h.server.createTicket();
    h.server.createTicket();
    h.db = freshDb().db;
    setOfflineDb(h.db);
    if (!options.neverSynced) await pullAll({ db: h.db, transport: h.server.transport(TECH_ID) }); // signed in once while online
    options.afterSync?.(h.server);
    h.network = options.network;
    h.requests = [];
    // A previous test's 'offline' event leaves the app and TanStack Query's onlineManager offline
    // (it stops listening when no page is mounted): each test starts online.
    window.dispatchEvent(new Event('online'));
    onlineManager.setOnline(true);
    saveSession({ user: TECH, token: 't0ken' });
    stubFetch(async (req) => {
      h.requests.push(req.url);
      if (h.network === 'down') throw new TypeError('Failed to fetch');
      if (req.url === '/api/auth/me') return [200, { user: TECH }];
      const res = h.server.handle({ method: req.method, url: req.url, body: req.body }, TECH_ID);
      return [res.status, res.body];
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanup();
    h.db.close();
  });
  return h;
}
