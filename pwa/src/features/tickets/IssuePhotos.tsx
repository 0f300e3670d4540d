import { AttachmentGallery } from '../../lib/attachments/AttachmentGallery';
import { useOfflineQuery } from '../../offline';
import { readWorkHistory } from './offline';

/**
 * The customer's own photos and files beside the issue in Update Ticket (issue 56 item 12: they were
 * only at the bottom of the work history): the attachments of the ticket's 'created' entry and of
 * the customer's replies, oldest first, as the same thumbnails and viewer. Read from IndexedDB, so
 * they show offline. Nothing is drawn when the customer sent none.
 */
export function IssuePhotos({ ticketId }: { ticketId: string }) {
  const history = useOfflineQuery((db) => readWorkHistory(db, ticketId), [ticketId]);
  const attachments = (history ?? [])
    .filter((u) => u.updateType === 'created' || u.updateType === 'customer_reply')
    .reverse()
    .flatMap((u) => u.attachments ?? []);
  if (attachments.length === 0) return null;
  return (
    <div className="issue-photos" role="group" aria-label="From the customer">
      <h3 className="panel-section-title">From the customer</h3>
      <AttachmentGallery ticketId={ticketId} attachments={attachments} />
    </div>
  );
}
