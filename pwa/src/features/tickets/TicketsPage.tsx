import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { TICKET_STATUSES } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { SyncStatus, useLastSync, useOfflineQuery, useSyncState } from '../../offline';
import { readDisplayedTickets, readTechnicians, type DisplayTicket } from './offline';
import { emptyText, type TicketTab } from './labels';
import { ANY_ASSIGNEE, filterTickets, type AssigneeFilter } from './search';
import { StatusTabs } from './StatusTabs';
import { TicketFilters } from './TicketFilters';
import { VirtualTicketList } from './VirtualTicketList';
import { TicketCard } from './TicketCard';
import { UpdatePanel } from './UpdatePanel';
import { useSearchParams } from 'react-router-dom';

const PLACEHOLDER = 'Select a ticket to update';

function countByTab(tickets: readonly DisplayTicket[]): Record<TicketTab, number> {
  const counts = { all: tickets.length } as Record<TicketTab, number>;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const t of tickets) counts[t.status] += 1;
  return counts;
}

/**
 * /technician 'Support Ticket Management' (SPEC.md 2): search and an assignee filter with 'Mine'
 * (issue 10; on the cached tickets, so offline too), status tabs with counts of what the search
 * found, ticket cards in a virtualised list (only the visible cards are rendered, fast at 10,000
 * cached tickets) and the 'Update Ticket' panel. Desktop: the panel sits beside the list (sticky). Phones: a hint
 * replaces the empty panel and selecting a card opens the panel in a full-screen sheet; Cancel,
 * closing the sheet or a queued update clears the selection.
 *
 * Offline first (DESIGN.md 5): tickets, technicians and history come from IndexedDB, so the screen
 * renders with no network; `?ticket=<id>` selects that ticket (notification links); the sync bar shows connectivity, 'N updates waiting to sync' and the
 * last sync time. Before the first sync on this device it says so instead of an empty list.
 */
export default function TicketsPage() {
  const tickets = useOfflineQuery(readDisplayedTickets);
  const techs = useOfflineQuery(readTechnicians);
  const lastSync = useLastSync();
  const { running } = useSyncState();
  const { user } = useAuth();
  const isDesktop = useIsDesktop();
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
  // Typing stays responsive at 10,000 tickets: the list filters with the deferred query.
  const deferredQuery = useDeferredValue(query);

  const list = useMemo(() => tickets ?? [], [tickets]);
  const found = useMemo(() => filterTickets(list, deferredQuery, assignee), [list, deferredQuery, assignee]);
  const counts = useMemo(() => countByTab(found), [found]);
  const visible = useMemo(() => (tab === 'all' ? found : found.filter((t) => t.status === tab)), [found, tab]);
  const filtering = deferredQuery.trim() !== '' || assignee.kind !== 'any';
  const selected = list.find((t) => t.id === selectedId) ?? null;
  const clear = () => setSelectedId(null);

  const panel = selected ? (
    <UpdatePanel
      key={selected.id}
      ticket={selected}
      technicians={techs}
      user={user}
      onCancel={clear}
      onUpdated={isDesktop ? undefined : clear}
    />
  ) : (
    <p className="muted panel-placeholder">{PLACEHOLDER}</p>
  );

  return (
    <div className="page page-wide">
      <h1>Support Ticket Management</h1>
      <SyncStatus />
      {tickets === undefined || lastSync === undefined || (list.length === 0 && lastSync === null && running) ? (
        <Loading text="Loading tickets..." />
      ) : list.length === 0 && lastSync === null ? (
        <div className="card" role="status">
          <p>Tickets have not been downloaded to this device yet. Connect to the internet and they will sync.</p>
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
              resultText={filtering ? `${found.length} of ${list.length} tickets` : `${list.length} ${list.length === 1 ? 'ticket' : 'tickets'}`}
            />
            <StatusTabs value={tab} counts={counts} onChange={setTab} />
            {!isDesktop && !selected && <p className="muted panel-hint">{PLACEHOLDER}</p>}
            <div id="tickets-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
              {visible.length === 0 ? (
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
                <VirtualTicketList
                  label="Tickets"
                  count={visible.length}
                  itemKey={(i) => visible[i].id}
                  renderItem={(i) => (
                    <TicketCard ticket={visible[i]} technicians={techs} selected={visible[i].id === selectedId} onSelect={setSelectedId} />
                  )}
                />
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
