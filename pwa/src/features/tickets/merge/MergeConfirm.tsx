import { mergedIntoText, type Ticket } from '@portal/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { getConnectivity, getOfflineDb } from '../../../offline';
import { enqueueTicketMerge } from '../offline';

type Side = Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status'>;

/**
 * "Merge TKT-A into TKT-B?" (docs/merge.md "PWA"; DESIGN.md 5a: a destructive action asks first).
 * 'Merge' queues the merge in the outbox (works offline; the source shows "Merged into TKT-B" at
 * once) and says 'Merge Queued' when offline; online the sync's 'Tickets Merged' says it landed.
 * Renders nothing while `target` is null.
 */
export function MergeConfirm({ source, target, onClose }: { source: Side; target: Side | null; onClose(): void }) {
  const toast = useToast();
  const user = useAuth().user;
  if (!target) return null;
  const confirm = async () => {
    try {
      await enqueueTicketMerge(getOfflineDb(), source, target, user ? { id: user.id, username: user.username } : null);
      if (getConnectivity() === 'offline') {
        toast.show({ title: 'Merge Queued', description: `${source.ticketNumber} will be merged into ${target.ticketNumber} when you are back online.` });
      }
    } catch {
      toast.show({ title: 'Error', description: 'Failed to merge the tickets. Please try again.', variant: 'destructive' });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={`Merge ${source.ticketNumber} into ${target.ticketNumber}?`}
      description={`Its history, files and time entries move to ${target.ticketNumber}, and ${source.ticketNumber} closes as "${mergedIntoText(target.ticketNumber)}". This cannot be undone.`}
      confirmLabel="Merge"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
