import { useState } from 'react';
import { mergedIntoText, possibleDuplicateText, type Ticket } from '@portal/shared';
import { useOfflineQuery } from '../../../offline';
import { readDisplayedTicket } from '../offline';
import { MergeConfirm } from './MergeConfirm';
import './merge.css';

/**
 * The merge line of a ticket's card and Update Ticket panel (issue 57 point 2, docs/merge.md "PWA"):
 * "Merged into TKT-…" once merged (this device's unsent merge included), else "Possible duplicate
 * of TKT-…" with one tap on "Merge into TKT-…", which asks first (MergeConfirm). The target is read
 * from the phone's copy, so this works offline; a target not on the device is merged without its
 * version (the server still refuses a closed or merged one). Clicks stay inside (the card selects
 * its ticket on click).
 */
export function DuplicateBanner({ ticket }: { ticket: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status' | 'mergedInto' | 'possibleDuplicateOf'> }) {
  const [asking, setAsking] = useState(false);
  const dup = ticket.mergedInto ? null : ticket.possibleDuplicateOf;
  const cached = useOfflineQuery((db) => readDisplayedTicket(db, dup?.id ?? null), [dup?.id]);
  if (ticket.mergedInto) {
    return (
      <p className="merge-banner merge-banner-merged" role="status">
        <span>{mergedIntoText(ticket.mergedInto.ticketNumber)}</span>
      </p>
    );
  }
  if (!dup || ticket.status === 'closed') return null;
  const target = cached ?? { ...dup, version: 0, status: 'open' as const };
  return (
    <div className="merge-banner" onClick={(e) => e.stopPropagation()}>
      <span>{possibleDuplicateText(dup.ticketNumber)}</span>
      <button type="button" className="btn btn-outline btn-small" onClick={() => setAsking(true)}>
        Merge into {dup.ticketNumber}
      </button>
      <MergeConfirm source={ticket} target={asking ? target : null} onClose={() => setAsking(false)} />
    </div>
  );
}
