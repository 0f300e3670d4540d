import { useState } from 'react';
import type { Technician } from '@portal/shared';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { AssigneePicker } from './AssigneePicker';
import { SortSelect, type TicketSort } from './DueSort';
import type { AssigneeFilter } from './search';
import { TagFilter } from './tags/TagFilter';

/** Props of {@link TicketFilters}. */
export interface TicketFiltersProps {
  query: string;
  onQuery(q: string): void;
  assignee: AssigneeFilter;
  onAssignee(f: AssigneeFilter): void;
  /** Tag name, '' for every ticket. */
  tag: string;
  onTag(tag: string): void;
  sort: TicketSort;
  onSort(s: TicketSort): void;
  technicians: readonly Technician[] | undefined;
  userId: string | undefined;
  resultText: string;
  /** Phones: beside the count, 'Counts from this device' when so, else 'Select a ticket to update' (no panel is shown until a card is tapped). */
  hint?: string;
}

/**
 * Search box, assignee filter and sort above the ticket tabs: 'Search tickets' over number,
 * client, business, e-mail, phone and issue; the assignee filter with 'Mine' (AssigneePicker); 'Tag'; 'Sort'.
 * Online the server applies them (several words and phone numbers search the device); offline they
 * work on the cached tickets. `resultText` is announced politely ('12 of 240 tickets').
 * Desktop: all in view. Phones (issue 56 item 5): the search and ONE 'Filter and sort' button
 * ('Filter and sort (2 on)' while choices are on) that opens the assignee filter and the sort
 * below it, so the first cards are on the first screen.
 */
export function TicketFilters(props: TicketFiltersProps) {
  const { query, onQuery, resultText } = props;
  const isDesktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const on = (props.assignee.kind === 'any' ? 0 : 1) + (props.tag ? 1 : 0) + (props.sort === 'newest' ? 0 : 1);
  const pickers = (
    <>
      <AssigneePicker assignee={props.assignee} onAssignee={props.onAssignee} technicians={props.technicians} userId={props.userId} />
      <TagFilter value={props.tag} onChange={props.onTag} />
      <SortSelect value={props.sort} onChange={props.onSort} />
    </>
  );
  return (
    <div className="ticket-filters" role="search" aria-label="Find tickets">
      <div className="ticket-search">
        <label htmlFor="ticket-search" className="visually-hidden">
          Search tickets
        </label>
        <input
          id="ticket-search"
          type="search"
          className="input"
          placeholder="Search number, name, e-mail, phone, issue"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
        {!isDesktop && (
          <button type="button" className={`btn btn-small ticket-filter-toggle ${on ? 'btn-primary' : 'btn-outline'}`} aria-expanded={open} aria-controls="ticket-filter-panel" onClick={() => setOpen(!open)}>
            Filter and sort{on ? ` (${on} on)` : ''}
          </button>
        )}
      </div>
      {isDesktop ? (
        <div className="ticket-pickers">{pickers}</div>
      ) : (
        open && (
          <div id="ticket-filter-panel" className="ticket-pickers ticket-filter-panel" role="group" aria-label="Filter and sort">
            {pickers}
          </div>
        )
      )}
      <div className="ticket-results-row">
        <p className="muted ticket-results" aria-live="polite">
          {resultText}
        </p>
        {props.hint && <p className="muted panel-hint">{props.hint}</p>}
      </div>
    </div>
  );
}
