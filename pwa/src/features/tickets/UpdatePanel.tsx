import { useState } from 'react';
import { MSG, macroResolutionProblem, openRequiredItems, requiredItemsOpenMessage, type PublicUser, type Technician, type TicketEditValues } from '@portal/shared';
import { fileUploadViews, getConnectivity, getOfflineDb, useConnectivity, useOfflineQuery } from '../../offline';
import type { PickedFile } from '../../lib/attachments/prepare';
import { UploadList } from '../../lib/attachments/UploadList';
import { TicketPanelExtras } from '../../lib/ticketPanelSlot';
import { useToast } from '../../lib/toast';
import { ContactLinks } from './ContactLinks';
import { enqueueTicketUpdate, readTicketOutbox, ticketStream, type AppliedMacro, type DisplayTicket } from './offline';
import { useReplyLibrary } from './replies/useReplyLibrary';
import { PendingUpdates } from './PendingUpdates';
import { StatusLinkTools } from './StatusLinkTools';
import { IssuePhotos } from './IssuePhotos';
import { VaultEntryLink } from './VaultEntryLink';
import { TicketClientPicker } from './TicketClientPicker';
import { TicketAssetPicker } from './TicketAssetPicker';
import { UpdateForm } from './UpdateForm';
import { WorkHistory } from './WorkHistory';
import { SlaClock } from './SlaClock';
import { TimeTracker } from './TimeTracker';
import { TicketBadges } from './TicketBadges';
import { ChecklistSection } from './checklist/ChecklistSection';
import { TicketTagPicker } from './tags/TicketTagPicker';
import { DuplicateBanner } from './merge/DuplicateBanner';
import { MergeSection } from './merge/MergeSection';

/**
 * The 'Update Ticket' panel (SPEC.md 2 / 4): the ticket's severity and status badges, its issue text and the customer's contact
 * links (readable in the phone sheet), then Status, Assigned To, Resolution, Update
 * Comment with the choice 'Internal note (staff only)' (default) or 'Reply to customer (e-mailed)',
 * 'Update Ticket' and 'Cancel'. Submitting builds the body with the shared buildTicketPatch against
 * the ticket as shown: nothing changed -> toast 'No Changes'; otherwise the update goes to the
 * outbox (DESIGN.md 5) and shows at once as pending; the sync engine sends it and the app says
 * 'Ticket Updated' when the server has applied it (offline: 'Update Queued' now). The panel stays
 * open after an update (the new entry shows below: pending, then in the work history) with 'Done'
 * to close it, like Cancel. Below the form:
 * the ticket's updates not yet synced (with the conflict chooser and Discard) and the work history.
 * Merge (docs/merge.md): "Possible duplicate of TKT-…" / "Merged into TKT-…" under the badges, "Merge into…" below the status link.
 * The form (UpdateForm) lives as long as this ticket is shown: a sync that changes the ticket (a
 * new server version, an update sent or settled) never resets what is being typed.
 */
export function UpdatePanel(props: {
  ticket: DisplayTicket;
  technicians: readonly Technician[] | undefined;
  user: Pick<PublicUser, 'id' | 'username'> | null;
  onCancel(): void;
}) {
  const { ticket, technicians, user, onCancel } = props;
  // After an update the panel stays open (the new entry shows below) and offers 'Done' to close it.
  const [updated, setUpdated] = useState(false);
  const toast = useToast();
  const queued = useOfflineQuery((db) => readTicketOutbox(db, ticket.id), [ticket.id]) ?? [];
  // This ticket's photos and files still being sent (docs/attachments.md).
  const uploads = fileUploadViews(useOfflineQuery((db) => db.outbox.where('stream').equals(ticketStream(ticket.id)).toArray(), [ticket.id]) ?? []);
  const connectivity = useConnectivity();
  const library = useReplyLibrary(ticket, user);
  const onSubmit = async (values: TicketEditValues, files: readonly PickedFile[], macro: AppliedMacro | null): Promise<boolean> => {
    // A macro that resolves or closes needs a resolution (docs/replies-and-macros.md): said here, offline too.
    const problem = (macro && macroResolutionProblem(macro.name, { status: values.status, resolution: values.resolution.trim() || ticket.resolution })) || checklistProblem(ticket, values.status);
    if (problem) {
      toast.show({ title: 'Error', description: problem, variant: 'destructive' });
      return false;
    }
    try {
      const result = await enqueueTicketUpdate(getOfflineDb(), { shown: ticket, values, user, files: files.map((f) => ({ file: f.file, name: f.name })), macro });
      if (result.status === 'no-changes') {
        toast.show({ title: 'No Changes', description: MSG.noChanges });
        return false;
      }
      if (getConnectivity() === 'offline') {
        toast.show({ title: 'Update Queued', description: `Ticket ${ticket.ticketNumber} will be updated when you are back online.` });
      }
      setUpdated(true);
      return true;
    } catch {
      toast.show({ title: 'Error', description: 'Failed to update ticket. Please try again.', variant: 'destructive' });
      return false;
    }
  };

  return (
    <div className="update-panel">
      <h2 id="update-ticket-heading">Update Ticket</h2>
      <p className="muted update-panel-sub">
        {ticket.ticketNumber} · {ticket.clientName}
        {ticket.businessName && ` · ${ticket.businessName}`}
      </p>
      <TicketBadges ticket={ticket} />
      <SlaClock ticket={ticket} />
      <DuplicateBanner ticket={ticket} />
      <h3 className="panel-section-title">Issue</h3>
      <p className="panel-issue">{ticket.issue}</p>
      <IssuePhotos ticketId={ticket.id} />
      <h3 className="panel-section-title">Contact</h3>
      <ContactLinks ticket={ticket} />
      <VaultEntryLink ticket={ticket} />
      <TicketClientPicker key={`${ticket.id}:${ticket.version}`} ticket={ticket} user={user} />
      <TicketTagPicker ticket={ticket} user={user} />
      <TicketAssetPicker key={`assets:${ticket.id}:${ticket.version}`} ticket={ticket} user={user} />
      <StatusLinkTools ticket={ticket} />
      <MergeSection ticket={ticket} />
      <ChecklistSection ticket={ticket} user={user} />
      <UpdateForm
        key={ticket.id}
        ticket={ticket}
        technicians={technicians}
        onSubmit={onSubmit}
        onCancel={onCancel}
        draftOwner={user?.id ?? null}
        library={library}
      />
      {updated && (
        <div className="panel-done" role="status">
          <span>Update saved. It is listed below.</span>
          <button type="button" className="btn btn-primary btn-small" onClick={onCancel}>
            Done
          </button>
        </div>
      )}
      <TicketPanelExtras ticket={ticket} />
      <TimeTracker ticket={ticket} user={user} />
      <UploadList rows={uploads} offline={connectivity === 'offline'} />
      <PendingUpdates items={queued} technicians={technicians} />
      <WorkHistory ticketId={ticket.id} technicians={technicians} />
    </div>
  );
}

/**
 * Resolved/Closed while required checklist items are open: the server's refusal (docs/recurring-tickets.md),
 * said here before queuing, offline too (the ticket as shown holds this device's unsent ticks).
 */
function checklistProblem(ticket: DisplayTicket, status: TicketEditValues['status']): string | null {
  if (status === ticket.status || (status !== 'resolved' && status !== 'closed')) return null;
  const open = openRequiredItems(ticket.checklist);
  return open > 0 ? requiredItemsOpenMessage(open) : null;
}
