import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { SEVERITIES, SEVERITY_NAMES, TICKET_STATUSES, TICKET_STATUS_LABELS, UNASSIGNED, type Technician, type Ticket, type TicketEditValues } from '@portal/shared';
import { FormField } from '../../lib/ui/FormField';
import type { ReplyInsertion } from './replies/useReplyInsertion';

/** A field the form shows a ticket value in (see UpdateForm). */
export type SyncedField = 'status' | 'severity' | 'assignedTo' | 'resolution';

/**
 * The ticket's fields in the 'Update Ticket' form (UpdateForm): Status, Severity (short names),
 * Assigned To (a gone assignee stays listed by id), Resolution and 'Waiting on customer', each followed
 * by its `notice` (the value changed while the technician was editing).
 */
export function TicketFieldsSection(props: {
  register: UseFormRegister<TicketEditValues>;
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  notice(f: SyncedField): ReactNode;
}) {
  const { register, ticket, technicians, notice } = props;
  const assigneeMissing = ticket.assignedTo && !technicians?.some((t) => t.id === ticket.assignedTo);
  return (
    <>
      <FormField id="status" label="Status">
        <select id="status" className="input" {...register('status')}>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </FormField>
      {notice('status')}
      <FormField id="severity" label="Severity">
        <select id="severity" className="input" {...register('severity')}>
          {SEVERITIES.map((v) => (
            <option key={v} value={v}>
              {SEVERITY_NAMES[v]}
            </option>
          ))}
        </select>
      </FormField>
      {notice('severity')}
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
      {notice('assignedTo')}
      <FormField id="resolution" label="Resolution">
        <textarea id="resolution" className="input textarea" rows={3} placeholder="Describe how the issue was resolved" {...register('resolution')} />
      </FormField>
      {notice('resolution')}
      <label className="waiting-toggle">
        <input type="checkbox" {...register('waitingOnCustomer')} /> Waiting on customer (pauses the SLA clock)
      </label>
    </>
  );
}

/**
 * The comment of the 'Update Ticket' form (UpdateForm): 'Update Comment' (with the canned-reply
 * tools when given) and the choice 'Internal note' / 'Reply to customer', saying who will see it.
 */
export function CommentSection(props: {
  register: UseFormRegister<TicketEditValues>;
  reply: boolean;
  customerEmail: string;
  onReply(reply: boolean): void;
  /** Canned replies (replies/useReplyInsertion): wraps the textarea's props; `tools` shows under it. */
  insertion?: Pick<ReplyInsertion, 'textarea'>;
  tools?: ReactNode;
}) {
  const { register, reply, customerEmail, onReply, insertion, tools } = props;
  const field = register('comment');
  return (
    <>
      <FormField id="comment" label="Update Comment">
        <textarea
          id="comment"
          className="input textarea"
          rows={3}
          placeholder={reply ? 'Write the reply the customer will receive by e-mail' : 'Add an internal note to the work history'}
          {...field}
          {...insertion?.textarea(field)}
        />
        {tools}
      </FormField>
      <fieldset className="comment-kind">
        <legend>Who sees this comment?</legend>
        <div className="comment-kind-options">
          <label className="comment-kind-option">
            <input type="radio" name="comment-kind" value="note" checked={!reply} onChange={() => onReply(false)} />
            <span>Internal note</span>
          </label>
          <label className="comment-kind-option">
            <input type="radio" name="comment-kind" value="reply" checked={reply} onChange={() => onReply(true)} />
            <span>Reply to customer</span>
          </label>
        </div>
        <p className="form-hint" aria-live="polite">
          {reply ? `E-mailed to ${customerEmail} and kept in the work history.` : 'Only staff see internal notes. Nothing is e-mailed.'}
        </p>
      </fieldset>
    </>
  );
}
