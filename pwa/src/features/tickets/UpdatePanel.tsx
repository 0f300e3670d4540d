import { useForm } from 'react-hook-form';
import {
  MSG,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  UNASSIGNED,
  buildTicketPatch,
  ticketEditDefaults,
  type Technician,
  type Ticket,
  type TicketEditValues,
} from '@portal/shared';
import { useToast } from '../../lib/toast';
import { FormField } from '../../lib/ui/FormField';
import { useUpdateTicket } from './api/useUpdateTicket';
import { WorkHistory } from './WorkHistory';

/**
 * The 'Update Ticket' panel (SPEC.md 2 / 4): Status, Assigned To, Resolution, Update Comment,
 * 'Update Ticket' and 'Cancel'. Submitting builds the body with the shared buildTicketPatch:
 * nothing changed -> toast 'No Changes' and no request; otherwise PATCH -> 'Ticket Updated', or the
 * destructive 'Failed to update ticket. Please try again.' The form follows the ticket: it is
 * re-created (keyed by id and version) when another ticket is selected or the server returns a new
 * version, while the mutation and its toasts live here and survive that.
 */
export function UpdatePanel(props: {
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  onCancel(): void;
  /** Called after a successful update (phones close the sheet). */
  onUpdated?(): void;
}) {
  const { ticket, technicians, onCancel, onUpdated } = props;
  const toast = useToast();
  const update = useUpdateTicket();
  const onSubmit = (values: TicketEditValues) => {
    const patch = buildTicketPatch(ticket, values);
    if (!patch) {
      toast.show({ title: 'No Changes', description: MSG.noChanges });
      return;
    }
    update.mutate(
      { id: ticket.id, patch },
      {
        onSuccess: () => {
          toast.show({ title: 'Ticket Updated', description: `Ticket ${ticket.ticketNumber} has been updated.` });
          onUpdated?.();
        },
        onError: () =>
          toast.show({ title: 'Error', description: 'Failed to update ticket. Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="update-panel">
      <h2 id="update-ticket-heading">Update Ticket</h2>
      <p className="muted update-panel-sub">
        {ticket.ticketNumber} · {ticket.clientName}
      </p>
      <UpdateForm
        key={`${ticket.id}:${ticket.version}`}
        ticket={ticket}
        technicians={technicians}
        pending={update.isPending}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
      <WorkHistory ticketId={ticket.id} technicians={technicians} />
    </div>
  );
}

/** The panel's fields; default values come from the ticket at mount (see the key above). */
function UpdateForm(props: {
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  pending: boolean;
  onSubmit(values: TicketEditValues): void;
  onCancel(): void;
}) {
  const { ticket, technicians, pending, onSubmit, onCancel } = props;
  const { register, handleSubmit } = useForm<TicketEditValues>({ defaultValues: ticketEditDefaults(ticket) });
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
          <textarea id="comment" className="input textarea" rows={3} placeholder="Add a note to the work history" {...register('comment')} />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? 'Updating...' : 'Update Ticket'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
  );
}
