import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { SyncStatus, useConnectivity, useLastSync, useOfflineQuery, useSyncState } from '../../offline';
import { readTechnicians } from './offline';
import { type TicketTab } from './labels';
import { ANY_ASSIGNEE, type AssigneeFilter } from './search';
import { StatusTabs } from './StatusTabs';
import { TicketFilters } from './TicketFilters';
import { sortTickets, type TicketSort } from './DueSort';
import { TicketListPanel } from './TicketListPanel';
import { UpdatePanel } from './UpdatePanel';
import { useSelectedTicket } from './useSelectedTicket';
import { useTicketView } from './useTicketView';

const PLACEHOLDER = 'Select a ticket to update';
/** Tab counts from the cached tickets (offline, or before the server answers); on phones in the count's row (issue 56 item 5). */
const COUNTS_FROM_DEVICE = 'Counts from this device';
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
  const [query, setQuery] = useState('');
  const [assignee, setAssignee] = useState<AssigneeFilter>(ANY_ASSIGNEE);
  const [tag, setTag] = useState('');
  const view = useTicketView({ tab, query, assignee, tag, userId: user?.id });
  const [sort, setSort] = useState<TicketSort>('newest');
  const { counts, filtering } = view;
  const visible = useMemo(() => sortTickets(view.visible, sort), [view.visible, sort]);
  // The open ticket (a `?ticket=<id>` link selects it; kept as last shown while selected).
  const { selectedId, select: setSelectedId, selected, fetching } = useSelectedTicket(visible, online, isDesktop);
  const clear = () => setSelectedId(null);
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
    <div className="page page-wide tickets-page">
      <div className="page-head tickets-head">
        <h1>Support Ticket Management</h1>
        <Link className="btn btn-primary btn-small" to="/technician/new">
          New Ticket
        </Link>
      </div>
      <SyncStatus strip={!isDesktop} />
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
              tag={tag}
              onTag={setTag}
              sort={sort}
              onSort={setSort}
              technicians={techs}
              userId={user?.id}
              resultText={view.resultText}
              hint={isDesktop ? undefined : view.source === 'device' ? COUNTS_FROM_DEVICE : selected ? undefined : PLACEHOLDER}
            />
            <StatusTabs value={tab} counts={counts} onChange={setTab} />
            {isDesktop && view.source === 'device' && <p className="muted ticket-counts-source">{COUNTS_FROM_DEVICE}</p>}
            {selectedId && !selected && fetching && <Loading text="Opening ticket..." />}
            <TicketListPanel
              tab={tab}
              tickets={visible}
              technicians={techs}
              selectedId={selectedId}
              onSelect={setSelectedId}
              loading={view.loading}
              neverDownloaded={neverDownloaded}
              notDownloaded={NOT_DOWNLOADED}
              filtering={filtering}
              onClearFilters={() => {
                setQuery('');
                setAssignee(ANY_ASSIGNEE);
                setTag('');
              }}
              hasMore={view.hasMore}
              loadingMore={view.loadingMore}
              loadMore={view.loadMore}
            />
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
