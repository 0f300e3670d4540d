import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_STATUSES, type Ticket, type TicketCounts } from '@portal/shared';
import { BUSY_LARGE_READ_INTERVAL_MS, getOfflineDb, useConnectivity, useLastSync, useOfflineQuery } from '../../offline';
import { displayTickets, readCachedTickets, readUnsentByTicket, type DisplayTicket, type UnsentByTicket } from './offline';
import { ensureSearchIndex, searchCachedTickets } from './offline/searchIndex';
import { TICKETS_SERVER_KEY, type ServerTicketFilter } from './api/keys';
import { useTicketCounts } from './api/useTicketCounts';
import { useTicketListPages } from './api/useTicketListPages';
import type { TicketTab } from './labels';
import { matchesAssignee, matchesTag, type AssigneeFilter } from './search';

/** Server search waits this long after the last keystroke (ms); the cache answers meanwhile. */
const SEARCH_DEBOUNCE_MS = 300;

/** What the ticket screen lists, and where it came from. */
export interface TicketView {
  /** True while the offline cache is being read for a device list (show a loading state). */
  loading: boolean;
  /** Tickets held on this device (device list only; 0 while the server list is shown). */
  deviceCount: number;
  /** Tickets of the selected tab as displayed (server + unsent edits). */
  visible: DisplayTicket[];
  counts: Record<TicketTab, number>;
  /** 'server': list and counts from the API (online); 'device': from the offline cache. */
  source: 'server' | 'device';
  /** The announced result line: 'N tickets' or 'N of M tickets'. */
  resultText: string;
  /** True when a search or assignee filter narrows the list. */
  filtering: boolean;
  /** Server list only: more (older) pages can be loaded. */
  hasMore: boolean;
  loadMore(): void;
  loadingMore: boolean;
}

function countByTab(tickets: readonly DisplayTicket[]): Record<TicketTab, number> {
  const counts = { all: tickets.length } as Record<TicketTab, number>;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const t of tickets) counts[t.status] += 1;
  return counts;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The `assignee` parameter of the list and counts for a filter ('mine' for the signed-in user). */
function serverAssignee(f: AssigneeFilter, userId: string | undefined): string | undefined {
  if (f.kind === 'unassigned') return 'unassigned';
  if (f.kind === 'user') return f.id === userId ? 'mine' : f.id;
  return undefined;
}

/** The newer of the server list's copy and the cached copy of each ticket (a PATCH answer or pull may be newer). */
function newest(items: readonly Ticket[], cachedById: ReadonlyMap<string, Ticket>): Ticket[] {
  return items.map((t) => {
    const local = cachedById.get(t.id);
    return local && local.version >= t.version ? local : t;
  });
}

const ticketsText = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/**
 * The ticket screen's data. Online: tab counts from GET /api/tickets/counts and the
 * list from keyset pages of GET /api/tickets/list, both with the screen's filters applied on the
 * server (search debounced), each ticket shown as the newer of the server's and the cached copy
 * with this device's unsent edits applied ("load more" fetches the next page). Offline, while the
 * server has not answered yet, or when it fails: everything from the offline cache (the working
 * set), filtered here (`source: 'device'`, which the screen marks). Per change nothing reads every
 * ticket while the server list is shown: unsent edits are grouped once per outbox change
 * (readUnsentByTicket), only the cached copies of the listed tickets are read, and the whole cache
 * is read (and re-read when `tickets` changes) only for a device list. An outbox change keeps the
 * display objects of untouched tickets. Server pages keep the previous filter's answer until the
 * new one arrives.
 */
export function useTicketView(args: { tab: TicketTab; query: string; assignee: AssigneeFilter; tag?: string; userId: string | undefined }): TicketView {
  const { tab, query, assignee, userId } = args;
  const tag = args.tag ?? '';
  const unsent = useOfflineQuery(readUnsentByTicket);
  const online = useConnectivity() === 'online';
  const lastSync = useLastSync();
  const queryClient = useQueryClient();
  // Each completed sync pass may have changed tickets: ask the server again.
  useEffect(() => {
    if (lastSync) void queryClient.invalidateQueries({ queryKey: [TICKETS_SERVER_KEY] });
  }, [lastSync, queryClient]);

  const deferredQuery = useDeferredValue(query);
  const q = useDebounced(query.trim().slice(0, 100), SEARCH_DEBOUNCE_MS);
  const filter: ServerTicketFilter = { status: tab === 'all' ? undefined : tab, assignee: serverAssignee(assignee, userId), q: q || undefined, tag: tag || undefined };
  const filtering = deferredQuery.trim() !== '' || assignee.kind !== 'any' || tag !== '';
  // The server and the phone route a search alike (shared/src/search): online, the server's.
  const useServer = online;
  const countsQuery = useTicketCounts(filter, useServer);
  const totalQuery = useTicketCounts({}, useServer && filtering);
  const pages = useTicketListPages(filter, useServer);
  const serverCounts: TicketCounts | undefined = countsQuery.data;
  const serverPages = pages.data?.pages;
  const server = useServer && serverPages !== undefined && !pages.isError && serverCounts !== undefined && !countsQuery.isError;

  // The whole cache is read (and re-read on every change of `tickets`) only for a device list; the
  // server list reads just the cached copies of its own tickets.
  // While a pass writes pages of tickets, this whole-cache read re-runs at most every 2 s.
  const cached = useOfflineQuery((db) => (server ? Promise.resolve(null) : readCachedTickets(db)), [server], { busyIntervalMs: BUSY_LARGE_READ_INTERVAL_MS });
  const serverIds = useMemo(() => (serverPages ?? []).flatMap((p) => p.items.map((t) => t.id)), [serverPages]);
  const idsKey = serverIds.join(',');
  const copies = useOfflineQuery(async (db) => (serverIds.length === 0 ? [] : db.tickets.bulkGet(serverIds)), [idsKey]);

  const groups: UnsentByTicket = useMemo(() => unsent ?? new Map(), [unsent]);
  const all = useMemo(() => displayTickets(cached ?? [], groups), [cached, groups]);
  const cachedById = useMemo(() => new Map((copies ?? []).filter((t): t is Ticket => t !== undefined).map((t) => [t.id, t])), [copies]);

  // Device: the search routed over the phone's index (offline/searchIndex.ts), in its order (the
  // exact number first, then newest first); tickets cached before the index get their rows first.
  const searchText = deferredQuery.trim();
  const searching = !server && searchText !== '';
  useEffect(() => {
    if (searching) ensureSearchIndex(getOfflineDb()).catch(() => undefined);
  }, [searching, cached]);
  const foundIds = useOfflineQuery((db) => (searching ? searchCachedTickets(db, searchText) : Promise.resolve(null)), [searching, searchText]);
  const found = useMemo(() => {
    const mine = assignee.kind === 'any' && !tag ? all : all.filter((t) => matchesAssignee(t, assignee) && matchesTag(t, tag));
    if (!searching) return mine;
    const order = new Map((foundIds ?? []).map((id, i) => [id, i]));
    return mine.filter((t) => order.has(t.id)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }, [all, assignee, tag, searching, foundIds]);
  const deviceCounts = useMemo(() => countByTab(found), [found]);
  const deviceVisible = useMemo(() => (tab === 'all' ? found : found.filter((t) => t.status === tab)), [found, tab]);

  // Server: pages merged with the cached copies and unsent edits; a local edit that moved a ticket out of the tab hides it.
  const serverVisible = useMemo(() => {
    if (!serverPages) return [];
    const shown = displayTickets(newest(serverPages.flatMap((p) => p.items), cachedById), groups);
    return shown.filter((t) => (tab === 'all' || t.status === tab) && matchesAssignee(t, assignee) && matchesTag(t, tag));
  }, [serverPages, cachedById, groups, tab, assignee, tag]);

  if (server) {
    const total = filtering ? totalQuery.data?.all : serverCounts.all;
    return {
      loading: false,
      deviceCount: 0,
      visible: serverVisible,
      counts: serverCounts,
      source: 'server',
      resultText: filtering && total !== undefined ? `${serverCounts.all} of ${total} tickets` : ticketsText(serverCounts.all),
      filtering,
      hasMore: pages.hasNextPage,
      loadMore: () => {
        if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
      },
      loadingMore: pages.isFetchingNextPage,
    };
  }
  return {
    loading: cached === undefined || cached === null,
    deviceCount: all.length,
    visible: deviceVisible,
    counts: deviceCounts,
    source: 'device',
    resultText: filtering ? `${found.length} of ${all.length} tickets` : ticketsText(all.length),
    filtering,
    hasMore: false,
    loadMore: () => {},
    loadingMore: false,
  };
}
