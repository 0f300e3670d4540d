import type { ComponentType } from 'react';
import type { ChecklistItem } from '@portal/shared';
import { formatShortDateTime } from '../../lib/format';
import type { ReplyTextareaProps, ReplyTicket } from '../../lib/ticketTools';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import type { CloseOutValues } from './closeOutForm';
import { VISIT_TEXT } from './texts';

type Set = <K extends keyof CloseOutValues>(key: K, value: CloseOutValues[K]) => void;
interface Props {
  values: CloseOutValues;
  errors: Record<string, string>;
  set: Set;
}

/** Step 1: arrival and departure (the phone's local time; departure empty = when Close out is tapped). */
export function TimesFields({ values, errors, set }: Props) {
  return (
    <section className="visit-section" aria-labelledby="visit-times-heading">
      <h2 id="visit-times-heading" className="panel-section-title">
        {VISIT_TEXT.times}
      </h2>
      <div className="visit-two">
        <FormField id="visit-arrival" label={VISIT_TEXT.arrival} error={errors.arrivedAt}>
          <input id="visit-arrival" className="input" type="datetime-local" value={values.arrivedAt} onChange={(e) => set('arrivedAt', e.currentTarget.value)} {...fieldAria('visit-arrival', errors.arrivedAt)} />
        </FormField>
        <FormField id="visit-departure" label={VISIT_TEXT.departure} error={errors.departedAt} hint={VISIT_TEXT.departureHint} optional>
          <input id="visit-departure" className="input" type="datetime-local" value={values.departedAt} onChange={(e) => set('departedAt', e.currentTarget.value)} {...fieldAria('visit-departure', errors.departedAt)} />
        </FormField>
      </div>
    </section>
  );
}

/** Step 2: the work done; with `ReplyTextarea` (lib/ticketTools) canned replies fill it, from `ticket`'s variables. */
export function WorkField(props: Props & { ticket: ReplyTicket; user: ReplyTextareaProps['user']; ReplyTextarea: ComponentType<ReplyTextareaProps> | undefined }) {
  const { values, errors, set, ticket, user, ReplyTextarea } = props;
  const aria = fieldAria('visit-work', errors.workDone);
  return (
    <section className="visit-section">
      <FormField id="visit-work" label={VISIT_TEXT.work} error={errors.workDone}>
        {ReplyTextarea ? (
          <ReplyTextarea id="visit-work" ticket={ticket} user={user} maxLength={10_000} value={values.workDone} onChange={(text) => set('workDone', text)} {...aria} />
        ) : (
          <textarea id="visit-work" className="input textarea" maxLength={10_000} value={values.workDone} onChange={(e) => set('workDone', e.currentTarget.value)} {...aria} />
        )}
      </FormField>
    </section>
  );
}

/** Step 4: the time spent (default: the ticket's running timer, `timerStartedAt`) and whether it is billable. */
export function TimeFields({ values, errors, set, timerStartedAt }: Props & { timerStartedAt: string | null }) {
  const hint = timerStartedAt ? VISIT_TEXT.timerHint(formatShortDateTime(timerStartedAt)) : VISIT_TEXT.timeHint;
  return (
    <section className="visit-section visit-two">
      <FormField id="visit-minutes" label={VISIT_TEXT.time} error={errors.minutes} hint={hint} optional>
        <input id="visit-minutes" className="input" inputMode="numeric" value={values.minutes} onChange={(e) => set('minutes', e.currentTarget.value)} {...fieldAria('visit-minutes', errors.minutes)} />
      </FormField>
      <label className="visit-check">
        <input type="checkbox" checked={values.billable} onChange={(e) => set('billable', e.currentTarget.checked)} />
        <span>{VISIT_TEXT.billable}</span>
      </label>
    </section>
  );
}

/** The ticket's checklist as it stands on this device (read-only here; ticked on the ticket). */
export function ChecklistState({ items }: { items: readonly ChecklistItem[] | undefined }) {
  if (!items?.length) return null;
  return (
    <section className="visit-section" aria-labelledby="visit-checklist-heading">
      <h2 id="visit-checklist-heading" className="panel-section-title">
        {VISIT_TEXT.checklist} <span className="muted">{VISIT_TEXT.checklistDone(items.filter((i) => i.done).length, items.length)}</span>
      </h2>
      <ul className="visit-checklist">
        {items.map((i) => (
          <li key={i.id} className={i.done ? 'done' : undefined}>
            <span aria-hidden="true">{i.done ? '☑' : '☐'}</span> {i.text}
            {i.required && !i.done && <strong> (required)</strong>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The last step: resolve the ticket with the close-out (SPEC-less text from issue 54). */
export function ResolveField({ values, set, blocked }: Omit<Props, 'errors'> & { blocked: boolean }) {
  return (
    <label className="visit-check">
      <input type="checkbox" checked={values.resolve && !blocked} disabled={blocked} onChange={(e) => set('resolve', e.currentTarget.checked)} />
      <span>{VISIT_TEXT.resolve}</span>
      {blocked && <span className="form-hint"> Required checklist items are open.</span>}
    </label>
  );
}
