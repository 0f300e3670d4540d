import { Loading } from '../../lib/ui/Loading';
import type { Technician } from '@portal/shared';
import type { DisplayTicket } from './offline';
import { emptyText, type TicketTab } from './labels';
import { VirtualTicketList } from './VirtualTicketList';
import { TicketCard } from './TicketCard';

/** Props of {@link TicketListPanel}. */
export interface TicketListPanelProps {
  tab: TicketTab;
  tickets: readonly DisplayTicket[];
  technicians: readonly Technician[] | undefined;
  selectedId: string | null;
  onSelect(id: string): void;
  loading: boolean;
  /** This device never downloaded tickets: `notDownloaded` is shown in place of the list. */
  neverDownloaded: boolean;
  notDownloaded: string;
  /** A search or filter is applied: an empty tab offers 'Clear search and filter'. */
  filtering: boolean;
  onClearFilters(): void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/**
 * The status tab's panel of the technician screen (TicketsPage): 'Loading tickets...', the
 * never-synced notice, the tab's empty text (with 'Clear search and filter' while filtering), or the
 * virtualised ticket cards with 'Load more tickets' while the server has more.
 */
export function TicketListPanel(p: TicketListPanelProps) {
  const { tickets } = p;
  return (
    <div id="tickets-tabpanel" role="tabpanel" aria-labelledby={`tab-${p.tab}`}>
      {p.loading ? (
        <Loading text="Loading tickets..." />
      ) : p.neverDownloaded ? (
        <p className="muted" role="status">
          {p.notDownloaded}
        </p>
      ) : tickets.length === 0 ? (
        <div className="empty">
          <p className="muted">{emptyText(p.tab)}</p>
          {p.filtering && (
            <button type="button" className="btn btn-outline btn-small" onClick={p.onClearFilters}>
              Clear search and filter
            </button>
          )}
        </div>
      ) : (
        <>
          <VirtualTicketList
            label="Tickets"
            count={tickets.length}
            itemKey={(i) => tickets[i].id}
            renderItem={(i) => <TicketCard ticket={tickets[i]} technicians={p.technicians} selected={tickets[i].id === p.selectedId} onSelect={p.onSelect} />}
            onEndReached={p.hasMore ? p.loadMore : undefined}
          />
          {p.hasMore && (
            <button type="button" className="btn btn-outline btn-small load-more" disabled={p.loadingMore} onClick={p.loadMore}>
              {p.loadingMore ? 'Loading more tickets...' : 'Load more tickets'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
