import type { Ticket } from '@portal/shared';
import { MergeInto } from './MergeInto';
import { PendingMerge } from './PendingMerge';

/**
 * Merge on the Update Ticket panel (issue 57 point 2, docs/merge.md "PWA"): "Merge into…" while the
 * ticket is active, and its queued merge (the duplicate or merged line is DuplicateBanner, at the top).
 */
export function MergeSection({ ticket }: { ticket: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status' | 'mergedInto'> }) {
  return (
    <>
      {!ticket.mergedInto && ticket.status !== 'closed' && <MergeInto ticket={ticket} />}
      <PendingMerge ticketId={ticket.id} />
    </>
  );
}
