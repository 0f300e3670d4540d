import { useForm } from 'react-hook-form';
import {
  MSG,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  UNASSIGNED,
  ticketEditDefaults,
  type PublicUser,
  type Technician,
  type Ticket,
  type TicketEditValues,
} from '@portal/shared';
import { getConnectivity, getOfflineDb, useOfflineQuery } from '../../offline';
import { useToast } from '../../lib/toast';
import { FormField } from '../../lib/ui/FormField';
import { ContactLinks } from './ContactLinks';
import { enqueueTicketUpdate, readTicketOutbox, type DisplayTicket } from './offline';
import { PendingUpdates } from './PendingUpdates';
import { WorkHistory } from './WorkHistory';

/**
 * The 'Update Ticket' panel (SPEC.md 2 / 4): the ticket's issue text and the customer's contact
 * links (issue 10: readable in the phone sheet), then Status, Assigned To, Resolution, Update
 * Comment with the choice 'Internal note (staff only)' (default) or 'Reply to customer (e-mailed)',
 * 'Update Ticket' and 'Cancel'. Submitting builds the body with the shared buildTicketPatch against
 * the ticket as shown: nothing changed -> toast 'No Changes'; otherwise the update goes to the
 * outbox (DESIGN.md 5) and shows at once as pending; the sync engine sends it and the app says
 * 'Ticket Updated' when the server has applied it (offline: 'Update Queued' now). Below the form:
 * the ticket's updates not yet synced (with the conflict chooser and Discard) and the work history.
 * The form is re-created when the shown ticket changes (new server version or outbox change).
 */
export function UpdatePanel(props: {
  ticket: DisplayTicket;
  technicians: readonly Technician[] | undefined;
  user: Pick<PublicUser, 'id' | 'username'> | null;
  onCancel(): void;
  /** Called after an update was queued (phones close the sheet). */
  onUpdated?(): void;
}) {
  const { ticket, technicians, user, onCancel, onUpdated } = props;
  const toast = useToast();
  const queued = useOfflineQuery((db) => readTicketOutbox(db, ticket.id), [ticket.id]) ?? [];
  const revision = queued.map((i) => `${i.seq}${i.state[0]}`).join('.');
  const onSubmit = async (values: TicketEditValues) => {
    try {
      const result = await enqueueTicketUpdate(getOfflineDb(), { shown: ticket, values, user });
      if (result.status === 'no-changes') {
        toast.show({ title: 'No Changes', description: MSG.noChanges });
        return;
      }
      if (getConnectivity() === 'offline') {
        toast.show({ title: 'Update Queued', description: `Ticket ${ticket.ticketNumber} will be updated when you are back online.` });
      }
      onUpdated?.();
    } catch {
      toast.show({ title: 'Error', description: 'Failed to update ticket. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="update-panel">
      <h2 id="update-ticket-heading">Update Ticket</h2>
      <p className="muted update-panel-sub">
        {ticket.ticketNumber} · {ticket.clientName}
        {ticket.businessName && ` · ${ticket.businessName}`}
      </p>
      <h3 className="panel-section-title">Issue</h3>
      <p className="panel-issue">{ticket.issue}</p>
      <h3 className="panel-section-title">Contact</h3>
      <ContactLinks ticket={ticket} />
      <UpdateForm
        key={`${ticket.id}:${ticket.version}:${revision}`}
        ticket={ticket}
        technicians={technicians}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
      <PendingUpdates items={queued} technicians={technicians} />
      <WorkHistory ticketId={ticket.id} technicians={technicians} />
    </div>
  );
}

/** The panel's fields; default values come from the ticket at mount (see the key above). */
function UpdateForm(props: {
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  onSubmit(values: TicketEditValues): Promise<void>;
  onCancel(): void;
}) {
  const { ticket, technicians, onSubmit, onCancel } = props;
  const { register, handleSubmit, formState, setValue, watch } = useForm<TicketEditValues>({ defaultValues: ticketEditDefaults(ticket) });
  const reply = watch('reply') === true;
  const pending = formState.isSubmitting;
  const assigneeMissing = ticket.assignedTo && !technicians?.some((t) => t.id === ticket.assignedTo);

  return (
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={`Update ticket ${ticket.ticketNumber}`}>
        <FormField id="status" label="Status">
          <select id="status" className="input" {...register('status')}>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="assignedTo" label="Assigned To">
          <select id="assignedTo" className="input" {...register('assignedTo')}>
            <option value={UNASSIGNED}>Unassigned</option>
            {assigneeMissing && <option value={ticket.assignedTo ?? ''}>{ticket.assignedTo}</option>}
            {technicians?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.username}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="resolution" label="Resolution">
          <textarea id="resolution" className="input textarea" rows={3} placeholder="Describe how the issue was resolved" {...register('resolution')} />
        </FormField>
        <FormField id="comment" label="Update Comment">
          <textarea
            id="comment"
            className="input textarea"
            rows={3}
            placeholder={reply ? 'Write the reply the customer will receive by e-mail' : 'Add an internal note to the work history'}
            {...register('comment')}
          />
        </FormField>
        <fieldset className="comment-kind">
          <legend>Who sees this comment?</legend>
          <div className="comment-kind-options">
            <label className="comment-kind-option">
              <input type="radio" name="comment-kind" value="note" checked={!reply} onChange={() => setValue('reply', false)} />
              <span>Internal note</span>
            </label>
            <label className="comment-kind-option">
              <input type="radio" name="comment-kind" value="reply" checked={reply} onChange={() => setValue('reply', true)} />
              <span>Reply to customer</span>
            </label>
          </div>
          <p className="form-hint" aria-live="polite">
            {reply ? `E-mailed to ${ticket.customerEmail} and kept in the work history.` : 'Only staff see internal notes. Nothing is e-mailed.'}
          </p>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            Update Ticket
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
  );
}
