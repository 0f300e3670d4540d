import { slaSortKey, type SlaTicket } from '@portal/shared';

/** Orders of the ticket list: as the list comes (newest first) or due soonest (SLA clocks). */
export type TicketSort = 'newest' | 'due';

/**
 * The list in `sort` order: 'due' puts the running clock due soonest first (breached first, then
 * by due time), paused and finished tickets last, newest first among equals (a stable sort of the
 * list's own order). Sorts what the screen holds: the device's tickets offline, the pages loaded online.
 */
export function sortTickets<T extends SlaTicket>(list: readonly T[], sort: TicketSort): readonly T[] {
  if (sort === 'newest') return list;
  return list
    .map((t, i) => ({ t, i, k: slaSortKey(t) }))
    .sort((a, b) => (a.k === b.k ? a.i - b.i : a.k < b.k ? -1 : 1))
    .map((x) => x.t);
}

/** The 'Sort' picker above the tickets: 'Newest first' or 'Due soonest'. */
export function SortSelect({ value, onChange }: { value: TicketSort; onChange(v: TicketSort): void }) {
  return (
    <div className="ticket-sort">
      <label htmlFor="ticket-sort">Sort</label>{' '}
      <select id="ticket-sort" className="input" value={value} onChange={(e) => onChange(e.target.value as TicketSort)}>
        <option value="newest">Newest first</option>
        <option value="due">Due soonest</option>
      </select>
    </div>
  );
}
