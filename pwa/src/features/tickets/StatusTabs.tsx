import { useRef, type KeyboardEvent } from 'react';
import { TICKET_STATUSES, TICKET_STATUS_LABELS } from '@portal/shared';
import type { TicketTab } from './labels';

export const TABS: readonly TicketTab[] = ['all', ...TICKET_STATUSES];
const tabLabel = (t: TicketTab) => (t === 'all' ? 'All' : TICKET_STATUS_LABELS[t]);

/**
 * Tabs All, Open, In Progress, Resolved, Closed with counts, e.g. 'Open (3)' (SPEC.md 2).
 * ARIA tabs pattern: arrow keys move between tabs; the list below is the tab panel `tickets-panel`.
 */
export function StatusTabs(props: { value: TicketTab; counts: Record<TicketTab, number>; onChange(tab: TicketTab): void }) {
  const { value, counts, onChange } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (i + delta + TABS.length) % TABS.length;
    onChange(TABS[next]);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Ticket filters" className="tabs">
      {TABS.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${t}`}
          aria-selected={value === t}
          aria-controls="tickets-tabpanel"
          tabIndex={value === t ? 0 : -1}
          className={`tab${value === t ? ' tab-active' : ''}`}
          onClick={() => onChange(t)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tabLabel(t)} ({counts[t]})
        </button>
      ))}
    </div>
  );
}
