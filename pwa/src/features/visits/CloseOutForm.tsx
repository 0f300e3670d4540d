import { VISIT_PHOTOS_MAX, type Ticket } from '@portal/shared';
import { AttachmentPicker } from '../../lib/attachments/AttachmentPicker';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import type { ReplyTextareaProps, TicketTools } from '../../lib/ticketTools';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { ChecklistState, ResolveField, TimeFields, TimesFields, WorkField } from './CloseOutFields';
import { CloseOutReview, StepIndicator, StepNav } from './CloseOutSteps';
import { PHONE_STEPS, asStep, moveStep, type CloseOutStep } from './closeOutSteps';
import { PartsEditor } from './PartsEditor';
import { SignatureField } from './signature/SignatureField';
import { VISIT_TEXT } from './texts';
import type { useCloseOut } from './useCloseOut';

/**
 * The close-out in the order of the job (issue 54 item 5): times and work done, parts, time spent,
 * photos, the customer's name and signature, then the review with the checklist as it stands,
 * 'Resolve the ticket' and 'Close out'. Below 768 px one step at a time (closeOutSteps.ts: the step
 * indicator, Back and Next, Review last; every step stays mounted, hidden by visits.css, so the
 * photos and the signature pad keep their state); wider screens show all sections. Work done takes canned replies ('Insert reply', `::`) and the
 * time spent defaults to the ticket's running timer, both from the tickets feature through lib/ticketTools. Every target is at least 44 px; the signature pad is the
 * screen's width in portrait and landscape.
 */
export function CloseOutForm(props: {
  form: ReturnType<typeof useCloseOut>;
  ticket: Pick<Ticket, 'ticketNumber' | 'clientName' | 'businessName' | 'checklist'>;
  /** The tickets feature's tools (canned replies in Work done); null: a plain text box. */
  tools: TicketTools | null;
  user: ReplyTextareaProps['user'];
  /** When the ticket's running timer started (its minutes are the default time), or null. */
  timerStartedAt: string | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { form, ticket, tools, user, timerStartedAt, onDone, onCancel } = props;
  const { checklist, ticketNumber } = ticket;
  const { values, errors, set } = form;
  const blocked = !!checklist?.some((i) => i.required && !i.done);
  const step = asStep(values.step);
  const go = (next: CloseOutStep) => {
    set('step', next);
    document.querySelector('.visit-stepper')?.scrollIntoView({ block: 'start' });
  };
  const at = (s: CloseOutStep) => `visit-step${s === step ? ' visit-step-current' : ''}`;
  return (
    <form
      className="form visit-form"
      aria-label={VISIT_TEXT.heading(ticketNumber)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Enter in a field of an earlier step on the phone goes to the next step, not Close out.
        if (step !== 'review' && window.matchMedia?.(PHONE_STEPS).matches) return go(moveStep(step, 1));
        void form.submit(!blocked).then((ok) => ok && onDone());
      }}
    >
      <DraftNotice restored={form.restored} onDiscard={form.discard} />
      <StepIndicator step={step} />
      <div className={at('work')}>
        <TimesFields values={values} errors={errors} set={set} />
        <WorkField values={values} errors={errors} set={set} ticket={ticket} user={user} ReplyTextarea={tools?.ReplyTextarea} />
      </div>
      <div className={at('parts')}>
        <PartsEditor parts={values.parts} errors={errors} onChange={(parts) => set('parts', parts)} />
      </div>
      <div className={at('time')}>
        <TimeFields values={values} errors={errors} set={set} timerStartedAt={timerStartedAt} />
      </div>
      <section className={`visit-section ${at('photos')}`} aria-labelledby="visit-photos-heading">
        <h2 id="visit-photos-heading" className="panel-section-title">
          {VISIT_TEXT.photos}
        </h2>
        <AttachmentPicker files={form.photos} onChange={form.setPhotos} max={VISIT_PHOTOS_MAX} />
      </section>
      <section className={`visit-section ${at('signature')}`} aria-labelledby="visit-signature-heading">
        <h2 id="visit-signature-heading" className="panel-section-title">
          {VISIT_TEXT.signature}
        </h2>
        <FormField id="visit-signer" label={VISIT_TEXT.signerName} error={errors.signerName}>
          <input id="visit-signer" className="input" autoComplete="off" maxLength={200} value={values.signerName} onChange={(e) => set('signerName', e.currentTarget.value)} {...fieldAria('visit-signer', errors.signerName)} />
        </FormField>
        <SignatureField controller={form.signature} initial={values.signature} onChange={(png) => set('signature', png)} />
        {errors.signature && <p className="form-error">{errors.signature}</p>}
      </section>
      <div className={at('review')}>
        <CloseOutReview values={values} photos={form.photos.length} signed={!!values.signature} checklist={checklist} go={go} />
        <ChecklistState items={checklist} />
      </div>
      <StepNav step={step} go={go} />
      <section className={`visit-section visit-finish ${at('review')}`}>
        <ResolveField values={values} set={set} blocked={blocked} />
        {Object.keys(errors).length > 0 && (
          <p className="form-error" role="alert">
            {Object.values(errors)[0]}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary btn-large" disabled={form.busy}>
            {VISIT_TEXT.closeOut}
          </button>
          <button type="button" className="btn btn-outline btn-large" onClick={onCancel}>
            {VISIT_TEXT.cancel}
          </button>
        </div>
      </section>
    </form>
  );
}
