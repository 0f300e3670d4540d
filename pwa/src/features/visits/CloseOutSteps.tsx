import type { ChecklistItem } from '@portal/shared';
import { formatShortDateTime } from '../../lib/format';
import type { CloseOutValues } from './closeOutForm';
import { CLOSE_OUT_STEPS, STEP_TITLE, asStep, moveStep, type CloseOutStep } from './closeOutSteps';
import { VISIT_TEXT } from './texts';

/**
 * The phone close-out's step indicator ("Step 2 of 6: Parts", one mark per step), shown below 768 px
 * only (visits.css); wider screens show every section at once.
 */
export function StepIndicator({ step }: { step: CloseOutStep }) {
  const n = CLOSE_OUT_STEPS.indexOf(step) + 1;
  return (
    <div className="visit-stepper">
      <p className="visit-stepper-text" aria-live="polite">
        {VISIT_TEXT.stepOf(n, CLOSE_OUT_STEPS.length, STEP_TITLE[step])}
      </p>
      <ol className="visit-stepper-marks" aria-hidden="true">
        {CLOSE_OUT_STEPS.map((s, i) => (
          <li key={s} className={i < n ? 'done' : undefined} />
        ))}
      </ol>
    </div>
  );
}

/** Back and Next (44 px) under a step on the phone; `go(step)` moves (Back is left out on the first step, Next on Review). */
export function StepNav({ step, go }: { step: CloseOutStep; go(step: CloseOutStep): void }) {
  return (
    <div className="form-actions visit-step-nav">
      {step !== 'work' && (
        <button type="button" className="btn btn-outline btn-large" onClick={() => go(moveStep(step, -1))}>
          {VISIT_TEXT.back}
        </button>
      )}
      {step !== 'review' && (
        <button type="button" className="btn btn-primary btn-large" onClick={() => go(moveStep(step, 1))}>
          {VISIT_TEXT.next}
        </button>
      )}
    </div>
  );
}

/**
 * The Review step on the phone: everything the close-out will send, each with 'Edit' (44 px, described
 * by its row's name) back to its step; `photos` the number picked, `signed` whether the pad holds a signature.
 */
export function CloseOutReview(props: { values: CloseOutValues; photos: number; signed: boolean; checklist: readonly ChecklistItem[] | undefined; go(step: CloseOutStep): void }) {
  const { values, photos, signed, checklist, go } = props;
  const parts = values.parts.filter((p) => p.description.trim());
  const local = (s: string) => (!s ? VISIT_TEXT.reviewWhenClosed : Number.isNaN(Date.parse(s)) ? s : formatShortDateTime(new Date(s).toISOString()));
  const rows: [CloseOutStep, string, string][] = [
    ['work', VISIT_TEXT.times, `${local(values.arrivedAt)} – ${local(values.departedAt)}`],
    ['work', VISIT_TEXT.work, values.workDone.trim() || VISIT_TEXT.reviewNone],
    ['parts', VISIT_TEXT.parts, parts.length ? parts.map((p) => `${p.quantity} x ${p.description}`).join(', ') : VISIT_TEXT.reviewNone],
    ['time', VISIT_TEXT.time, `${values.minutes.trim() || VISIT_TEXT.reviewSpan}${values.billable ? ` · ${VISIT_TEXT.billable}` : ''}`],
    ['photos', VISIT_TEXT.photos, String(photos)],
    ['signature', VISIT_TEXT.signature, signed ? VISIT_TEXT.signedBy(values.signerName.trim() || '?') : VISIT_TEXT.reviewNotSigned],
  ];
  const done = checklist?.filter((i) => i.done).length ?? 0;
  return (
    <section className="visit-section visit-review" aria-labelledby="visit-review-heading">
      <h2 id="visit-review-heading" className="panel-section-title">
        {VISIT_TEXT.review}
      </h2>
      <dl className="visit-review-list">
        {rows.map(([step, label, value], i) => (
          <div key={label} className="visit-review-row">
            <dt id={`visit-review-${i}`}>{label}</dt>
            <dd>{value}</dd>
            {/* Described (not labelled) by its row, so a field's label names only the field. */}
            <button type="button" className="btn btn-outline visit-review-edit" aria-describedby={`visit-review-${i}`} onClick={() => go(asStep(step))}>
              {VISIT_TEXT.editShort}
            </button>
          </div>
        ))}
        {!!checklist?.length && (
          <div className="visit-review-row">
            <dt>{VISIT_TEXT.checklist}</dt>
            <dd>{VISIT_TEXT.checklistDone(done, checklist.length)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
