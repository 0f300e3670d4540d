import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { SyncStatus, getOfflineDb, useConnectivity, useLastSync, useOfflineQuery, useSyncState } from '../../offline';
import { keepOpenedTicket, readDisplayedTicket, readTechnicians, type DisplayTicket } from './offline';
import { useOpenTicket } from './api/useOpenTicket';
import { emptyText, type TicketTab } from './labels';
import { ANY_ASSIGNEE, type AssigneeFilter } from './search';
import { StatusTabs } from './StatusTabs';
import { TicketFilters } from './TicketFilters';
import { SortSelect, sortTickets, type TicketSort } from './DueSort';
import { VirtualTicketList } from './VirtualTicketList';
import { TicketCard } from './TicketCard';
import { UpdatePanel } from './UpdatePanel';
import { useTicketView } from './useTicketView';
import { useSearchParams } from 'react-router-dom';

const PLACEHOLDER = 'Select a ticket to update';
const NOT_DOWNLOADED = 'Tickets have not been downloaded to this device yet. Connect to the internet and they will sync.';

/**
 * /technician 'Support Ticket Management' (SPEC.md 2): search and an assignee filter with 'Mine'
 * (on the server online, on the cached tickets offline), status tabs with counts of what the search
 * found, ticket cards in a virtualised list (only the visible cards are rendered, fast at 10,000
 * cached tickets) and the 'Update Ticket' panel. Desktop: the panel sits beside the list (sticky). Phones: a hint
 * replaces the empty panel and selecting a card opens the panel in a full-screen sheet; Cancel,
 * closing the sheet or 'Done' after an update clears the selection; on desktop Escape closes the panel
 * too (when no dialog is open over it).
 *
 * Online (useTicketView): tab counts and the list come from the server (SQL counts,
 * keyset pages with the filters applied there, the next page on scroll), merged with the cache and
 * this device's unsent edits; a ticket not on the device (an older one found by number, a link) is
 * fetched and kept on the device when opened.
 * Offline first (DESIGN.md 5): offline, or until the server answers, tickets, counts ('Counts from
 * this device'), technicians and history come from IndexedDB, so the screen renders with no
 * network; `?ticket=<id>` selects that ticket (notification links); the sync bar shows
 * connectivity, 'N updates waiting to sync' and the last sync time. Before the first sync on this
 * device, and with no server list, it says so instead of an empty list (in place of the list only
 * while a ticket is open, so its panel stays).
 */
export default function TicketsPage() {
  const techs = useOfflineQuery(readTechnicians);
  const lastSync = useLastSync();
  const { running } = useSyncState();
  const { user } = useAuth();
  const isDesktop = useIsDesktop();
  const online = useConnectivity() === 'online';
  const [tab, setTab] = useState<TicketTab>('all');
  // `/technician?ticket=<id>` (the link of a push notification or e-mail) opens that ticket.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('ticket');
  const [selectedId, setSelectedId] = useState<string | null>(linked);
  // A link followed while the screen is open (the sync bar's 'Review TKT-...') selects that ticket too.
  useEffect(() => {
    if (linked) setSelectedId(linked);
  }, [linked]);

  const [query, setQuery] = useState('');
  const [assignee, setAssignee] = useState<AssigneeFilter>(ANY_ASSIGNEE);
  const view = useTicketView({ tab, query, assignee, userId: user?.id });
  const [sort, setSort] = useState<TicketSort>('newest');
  const { counts, filtering } = view;
  const visible = useMemo(() => sortTickets(view.visible, sort), [view.visible, sort]);

  // The selected ticket as cached (with unsent edits); one outside the working set is fetched
  // online and kept on the device; a cached one is marked opened (kept while recent).
  const cachedSelected = useOfflineQuery((db) => readDisplayedTicket(db, selectedId), [selectedId]);
  const fetched = useOpenTicket(selectedId, online && cachedSelected === null);
  useEffect(() => {
    // Best effort: a mark that cannot be written (storage full, database closing) only lets the
    // ticket be pruned sooner; it must not surface as an unhandled rejection.
    if (selectedId && cachedSelected) keepOpenedTicket(getOfflineDb(), { id: selectedId }).catch(() => undefined);
    // Marked once per selection, not on every change of the ticket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, Boolean(cachedSelected)]);
  // The open ticket stays as last shown while it is selected, so its Update Ticket form, and what is
  // typed or picked in it, lives on: while the list switches source (the server stops answering and
  // the device's tickets are read), and when the server stopped answering before a ticket opened
  // from the server's list reached the device (its first sync or useOpenTicket still under way).
  const live = cachedSelected ?? visible.find((t) => t.id === selectedId) ?? null;
  const [lastShown, setLastShown] = useState<DisplayTicket | null>(null);
  useEffect(() => {
    if (live) setLastShown(live);
  }, [live]);
  const selected = live ?? (lastShown?.id === selectedId ? lastShown : null);
  const clear = () => setSelectedId(null);
  useEffect(() => {
    if (!isDesktop || !selectedId) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      setSelectedId(null);
      // Back to the ticket's number in the list (the panel that had focus is gone).
      document.getElementById(`ticket-${selectedId}`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isDesktop, selectedId]);
  const hasTickets = view.deviceCount > 0 || view.source === 'server';
  // The device list is known to be empty because this device has never synced (not while it is
  // still being read). With a ticket open (the server's list showed it, then the signal went before
  // the first sync ended) the screen and the panel stay and only the list says so: what is typed lives on.
  const neverDownloaded = view.source === 'device' && !view.loading && view.deviceCount === 0 && lastSync === null;
  // The whole screen shows 'Loading tickets...' only until it first shows tickets; later reloads
  // (e.g. the server list failing over to the device's) load in the list, never unmounting the panel.
  const firstLoad = view.loading || lastSync === undefined || (!hasTickets && lastSync === null && running);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!firstLoad) setShown(true);
  }, [firstLoad]);

  const panel = selected ? (
    <UpdatePanel
      key={selected.id}
      ticket={selected}
      technicians={techs}
      user={user}
      onCancel={clear}
    />
  ) : (
    <p className="muted panel-placeholder">{PLACEHOLDER}</p>
  );

  return (
    <div className="page page-wide">
      <h1>Support Ticket Management</h1>
      <SyncStatus />
      {firstLoad && !shown ? (
        <Loading text="Loading tickets..." />
      ) : neverDownloaded && !selected ? (
        <div className="card" role="status">
          <p>{NOT_DOWNLOADED}</p>
        </div>
      ) : (
        <div className="tickets-layout">
          <div className="tickets-main">
            <TicketFilters
              query={query}
              onQuery={setQuery}
              assignee={assignee}
              onAssignee={setAssignee}
              technicians={techs}
              userId={user?.id}
              resultText={view.resultText}
            />
            <SortSelect value={sort} onChange={setSort} />
            <StatusTabs value={tab} counts={counts} onChange={setTab} />
            {view.source === 'device' && <p className="muted ticket-counts-source">Counts from this device</p>}
            {selectedId && !selected && fetched.isFetching && <Loading text="Opening ticket..." />}
            {!isDesktop && !selected && <p className="muted panel-hint">{PLACEHOLDER}</p>}
            <div id="tickets-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
              {view.loading ? (
                <Loading text="Loading tickets..." />
              ) : neverDownloaded ? (
                <p className="muted" role="status">
                  {NOT_DOWNLOADED}
                </p>
              ) : visible.length === 0 ? (
                <div className="empty">
                  <p className="muted">{emptyText(tab)}</p>
                  {filtering && (
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      onClick={() => {
                        setQuery('');
                        setAssignee(ANY_ASSIGNEE);
                      }}
                    >
                      Clear search and filter
                    </button>
                  )}
                </div>
              ) : (
                <>
                  <VirtualTicketList
                    label="Tickets"
                    count={visible.length}
                    itemKey={(i) => visible[i].id}
                    renderItem={(i) => (
                      <TicketCard ticket={visible[i]} technicians={techs} selected={visible[i].id === selectedId} onSelect={setSelectedId} />
                    )}
                    onEndReached={view.hasMore ? view.loadMore : undefined}
                  />
                  {view.hasMore && (
                    <button type="button" className="btn btn-outline btn-small load-more" disabled={view.loadingMore} onClick={view.loadMore}>
                      {view.loadingMore ? 'Loading more tickets...' : 'Load more tickets'}
                    </button>
                  )}
                </>
              )}
            </div>
          </div>
          {isDesktop ? (
            <aside className="card tickets-panel" aria-label="Update Ticket">
              {panel}
            </aside>
          ) : (
            <Sheet open={Boolean(selected)} onClose={clear} labelledBy="update-ticket-heading">
              {panel}
            </Sheet>
          )}
        </div>
      )}
    </div>
  );
}
