import { TICKET_STATUSES, TICKET_STATUS_LABELS } from '@portal/shared';
import { Tabs } from '../../lib/ui/Tabs';
import type { TicketTab } from './labels';

export const TABS: readonly TicketTab[] = ['all', ...TICKET_STATUSES];
const tabLabel = (t: TicketTab) => (t === 'all' ? 'All' : TICKET_STATUS_LABELS[t]);

/**
 * Tabs All, Open, In Progress, Resolved, Closed with counts, e.g. 'Open (3)' (SPEC.md 2), with the
 * shared ARIA tabs model; the list below is the one tab panel `tickets-tabpanel`.
 */
export function StatusTabs(props: { value: TicketTab; counts: Record<TicketTab, number>; onChange(tab: TicketTab): void }) {
  const { value, counts, onChange } = props;
  return (
    <Tabs
      tabs={TABS.map((t) => ({ id: t, label: `${tabLabel(t)} (${counts[t]})` }))}
      value={value}
      onChange={onChange}
      label="Ticket filters"
      className="tabs ticket-tabs"
      tabId={(t) => `tab-${t}`}
      panelId={() => 'tickets-tabpanel'}
    />
  );
}
