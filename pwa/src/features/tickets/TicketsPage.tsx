import { useMemo, useState } from 'react';
import { TICKET_STATUSES, type Ticket } from '@portal/shared';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { useTechnicians } from './api/useTechnicians';
import { useTickets } from './api/useTickets';
import { emptyText, type TicketTab } from './labels';
import { StatusTabs } from './StatusTabs';
import { TicketCard } from './TicketCard';
import { UpdatePanel } from './UpdatePanel';

const PLACEHOLDER = 'Select a ticket to update';

function countByTab(tickets: readonly Ticket[]): Record<TicketTab, number> {
  const counts = { all: tickets.length } as Record<TicketTab, number>;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const t of tickets) counts[t.status] += 1;
  return counts;
}

/**
 * /technician 'Support Ticket Management' (SPEC.md 2): status tabs with counts, ticket cards and
 * the 'Update Ticket' panel. Desktop: the panel sits beside the list (sticky). Phones: a hint
 * replaces the empty panel and selecting a card opens the panel in a full-screen sheet; Cancel,
 * closing the sheet or a successful update clears the selection.
 */
export default function TicketsPage() {
  const tickets = useTickets();
  const technicians = useTechnicians();
  const isDesktop = useIsDesktop();
  const [tab, setTab] = useState<TicketTab>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const list = useMemo(() => tickets.data ?? [], [tickets.data]);
  const counts = useMemo(() => countByTab(list), [list]);
  const visible = tab === 'all' ? list : list.filter((t) => t.status === tab);
  const selected = list.find((t) => t.id === selectedId) ?? null;
  const techs = technicians.data;
  const clear = () => setSelectedId(null);

  const panel = selected ? (
    <UpdatePanel
      key={selected.id}
      ticket={selected}
      technicians={techs}
      onCancel={clear}
      onUpdated={isDesktop ? undefined : clear}
    />
  ) : (
    <p className="muted panel-placeholder">{PLACEHOLDER}</p>
  );

  return (
    <div className="page page-wide">
      <h1>Support Ticket Management</h1>
      {tickets.isPending || technicians.isPending ? (
        <Loading text="Loading tickets..." />
      ) : tickets.isError ? (
        <div className="card" role="alert">
          <p>Tickets could not be loaded. {tickets.error.message}</p>
          <button type="button" className="btn btn-outline" onClick={() => void tickets.refetch()}>
            Try Again
          </button>
        </div>
      ) : (
        <div className="tickets-layout">
          <div className="tickets-main">
            <StatusTabs value={tab} counts={counts} onChange={setTab} />
            {!isDesktop && !selected && <p className="muted panel-hint">{PLACEHOLDER}</p>}
            <div id="tickets-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="ticket-list">
              {visible.length === 0 ? (
                <p className="muted empty">{emptyText(tab)}</p>
              ) : (
                visible.map((t) => (
                  <TicketCard key={t.id} ticket={t} technicians={techs} selected={t.id === selectedId} onSelect={setSelectedId} />
                ))
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
