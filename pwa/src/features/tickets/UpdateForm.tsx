import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ticketEditDefaults, type Technician, type Ticket, type TicketEditValues, type TicketMergeField } from '@portal/shared';
import { AttachmentPicker } from '../../lib/attachments/AttachmentPicker';
import type { PickedFile } from '../../lib/attachments/prepare';
import { FIELD_LABELS, fieldValueText } from './labels';
import { FormActions } from '../../lib/ui/FormActions';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { useTicketDraft } from './useTicketDraft';
import { CommentSection, TicketFieldsSection, type SyncedField } from './UpdateFormSections';
import type { AppliedMacro } from './offline';
import type { ReplyLibrary } from './replies/useReplyLibrary';
import { useReplyTools } from './replies/useReplyTools';

/** Fields of the form that show a ticket value (and may change under the technician by a sync). */
const SYNCED_FIELDS = ['status', 'severity', 'assignedTo', 'resolution'] as const satisfies readonly (TicketMergeField & SyncedField)[];
/** Every field of the form. */
const EDIT_FIELDS = [...SYNCED_FIELDS, 'comment', 'reply', 'waitingOnCustomer'] as const satisfies readonly (keyof TicketEditValues)[];

/**
 * The 'Update Ticket' form (SPEC.md 2 / 4): Status, Severity (short names, so a phone's picker
 * never cuts them; docs/decisions.md "Severity by staff"), Assigned To, Resolution, Update Comment, the
 * choice 'Internal note' / 'Reply to customer', 'Update Ticket' and 'Cancel'.
 *
 * Sync never resets it: the form lives as long as the panel shows the same
 * ticket, whatever the outbox or a delta pull do to that ticket meanwhile (a new version, an update
 * sent). When `ticket` changes, each field the technician has not changed follows the new value;
 * a field they changed keeps their value, and if the ticket's value of that field changed too, the
 * field says so ('Changed to X while you were editing') with a button to take the new value; the
 * comment and the reply choice are never touched. Submitting builds the update against the ticket
 * as shown then (the caller's `onSubmit`); the shared merge rules decide conflicts when it is sent.
 * After `onSubmit` resolves true (queued) the form starts over from the submitted values with an
 * empty comment, except for what was typed while it was pending (kept); false (nothing queued)
 * keeps everything as typed. With `draftOwner` (the signed-in user's id) what was typed is kept as a
 * draft on this device (useTicketDraft): restored with 'Draft restored' when the ticket is opened
 * again, even after a reload, and deleted when the update is queued or on 'Discard draft'.
 */
export function UpdateForm(props: {
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  /** Queues the update (with its photos and files and the macro applied); resolves true when something was queued. Must not reject. */
  onSubmit(values: TicketEditValues, files: readonly PickedFile[], macro: AppliedMacro | null): Promise<boolean>;
  onCancel(): void;
  /** Id of the signed-in user: keeps a draft of this form on the device (none when absent). */
  draftOwner?: string | null;
  /** Canned replies and macros on the device (useReplyLibrary); none shown when absent. */
  library?: ReplyLibrary;
}) {
  const { ticket, technicians, onSubmit, onCancel, draftOwner, library } = props;
  const { register, handleSubmit, formState, setValue, watch, getValues, resetField, reset } = useForm<TicketEditValues>({
    defaultValues: ticketEditDefaults(ticket),
  });
  const incoming = ticketEditDefaults(ticket);
  // The ticket values the form last started from or followed (what "unchanged" means per field).
  const [base, setBase] = useState(() => ticketEditDefaults(ticket));
  // Photos and files of this update (docs/attachments.md), queued with it and cleared once queued.
  const [files, setFiles] = useState<PickedFile[]>([]);
  const values = watch();
  const reply = values.reply === true;
  const pending = formState.isSubmitting;

  /** Takes the ticket's value into field `f` (no longer changed by the technician). */
  const follow = (f: SyncedField, value: string | undefined) => {
    resetField(f, { defaultValue: value });
    setBase((b) => ({ ...b, [f]: value }));
  };

  // A new ticket value: untouched fields (value still the one the form started from, also after
  // the technician changed it back) follow it.
  const { status, severity, assignedTo, resolution } = incoming;
  const typed = [values.status, values.severity, values.assignedTo, values.resolution].join('\u0000');
  useEffect(() => {
    const next = { status, severity, assignedTo, resolution };
    for (const f of SYNCED_FIELDS) {
      if (base[f] === next[f]) continue;
      const value = getValues(f);
      if (value === base[f] || value === next[f]) {
        resetField(f, { defaultValue: next[f] });
        setBase((b) => ({ ...b, [f]: next[f] }));
      }
    }
  }, [status, severity, assignedTo, resolution, typed, base, getValues, resetField]);

  const draft = useTicketDraft({ ticket, owner: draftOwner ?? null, values, base, setValue });
  const { macro, insertion, macroPicker, commentTools } = useReplyTools(library, { getValues, setValue });

  /** The field's value changed under the technician's own change (shown, never overwritten). */
  const changedMeanwhile = (f: SyncedField) => base[f] !== incoming[f] && values[f] !== incoming[f] && values[f] !== base[f];
  const notice = (f: SyncedField) =>
    changedMeanwhile(f) ? (
      <p className="form-hint field-changed" role="status">
        {`${FIELD_LABELS[f]} changed to ${fieldValueText(f, ticket[f], technicians)} while you were editing. Update Ticket keeps your value.`}{' '}
        <button type="button" className="btn btn-outline btn-small" onClick={() => follow(f, incoming[f])}>
          Use new value
        </button>
      </p>
    ) : null;

  const submit = async (submitted: TicketEditValues) => {
    if (!(await onSubmit(submitted, files, macro.applied))) return;
    draft.clear();
    macro.done();
    for (const f of files) if (f.preview) URL.revokeObjectURL(f.preview);
    setFiles([]);
    // Queueing takes a moment (an IndexedDB commit; longer on a busy phone) and the sync bar may
    // count the update before it resolves: whatever was typed or picked meanwhile (the next
    // comment) stays; only what was submitted starts over.
    const current = { ...getValues() };
    const next = { ...submitted, comment: '', reply: false };
    reset(next);
    setBase(next);
    for (const f of EDIT_FIELDS) {
      if (current[f] !== submitted[f]) setValue(f, current[f] as never, { shouldDirty: true });
    }
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit(submit)} aria-label={`Update ticket ${ticket.ticketNumber}`}>
      <DraftNotice
        restored={draft.restored}
        onDiscard={() => {
          draft.discard();
          const start = ticketEditDefaults(ticket);
          reset(start);
          setBase(start);
        }}
      />
      {macroPicker}
      <TicketFieldsSection register={register} ticket={ticket} technicians={technicians} notice={notice} />
      <CommentSection
        register={register}
        reply={reply}
        customerEmail={ticket.customerEmail}
        onReply={(r) => setValue('reply', r, { shouldDirty: true })}
        insertion={insertion}
        tools={commentTools}
      />
      <fieldset className="form-attachments">
        <legend>Photos and files</legend>
        <AttachmentPicker files={files} onChange={setFiles} disabled={pending} />
      </fieldset>
      <FormActions label="Update Ticket" pending={pending} onCancel={onCancel} />
    </form>
  );
}
