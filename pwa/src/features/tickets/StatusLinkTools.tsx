import { useEffect, useState } from 'react';
import { apiRequest, isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { syncNow, useConnectivity } from '../../offline';
import type { DisplayTicket } from './offline';
import { StatusLinkMenu } from './StatusLinkMenu';

/**
 * The customer's status link of the open ticket (docs/status-links.md): opening a ticket the
 * customer replied to clears its 'Customer replied' mark (POST .../customer-reply-seen, once, when
 * online; the next sync brings the cleared ticket), and staff can resend the link to the customer's
 * contact or revoke it (after confirming) from the 'Status link actions' menu (StatusLinkMenu). Both need the network: offline the buttons are disabled
 * with the reason.
 */
export function StatusLinkTools({ ticket }: { ticket: DisplayTicket }) {
  const toast = useToast();
  const online = useConnectivity() === 'online';
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const repliedAt = ticket.customerRepliedAt;

  useEffect(() => {
    if (!repliedAt || !online) return;
    apiRequest('POST', `/api/tickets/${ticket.id}/customer-reply-seen`).then(
      () => void syncNow(),
      () => undefined, // not marked: the card keeps its mark until the next opening
    );
  }, [ticket.id, repliedAt, online]);

  async function run(method: 'POST' | 'DELETE', done: string) {
    setBusy(true);
    try {
      await apiRequest(method, `/api/tickets/${ticket.id}/status-link`);
      toast.show({ title: done, description: `Ticket ${ticket.ticketNumber}` });
    } catch (err) {
      const message = isApiError(err, 429) ? 'The link was sent too often. Please try again later.' : isApiError(err) ? err.message : 'No connection. Please try again.';
      toast.show({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="status-link-tools">
      <div className="status-link-head">
        <h3 className="panel-section-title">Customer status link</h3>
        <StatusLinkMenu disabled={busy || !online} onResend={() => void run('POST', 'Status link sent')} onRevoke={() => setConfirming(true)} />
      </div>
      {!online && <p className="muted">Available when you are back online.</p>}
      <ConfirmDialog
        open={confirming}
        title="Revoke the status link?"
        description="The customer's current link stops working at once. You can send a new one later."
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={busy}
        onConfirm={() => void run('DELETE', 'Status link revoked')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
