import { attachmentCountLabel } from '@portal/shared';
import { useOfflineQuery } from '../../../offline';

/**
 * The ticket card's attachment count ("3 photos", "2 photos, 1 file"; README "Attachments"), from
 * the cached work history (each entry lists its attachments), so it shows offline. Nothing when none.
 */
export function AttachmentCount({ ticketId }: { ticketId: string }) {
  const label = useOfflineQuery(
    async (db) => attachmentCountLabel((await db.ticketUpdates.where('ticketId').equals(ticketId).toArray()).flatMap((u) => u.attachments ?? [])),
    [ticketId],
  );
  return label ? <p className="muted ticket-attachments">{label}</p> : null;
}
