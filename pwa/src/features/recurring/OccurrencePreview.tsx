import { formatInZone, type RecurrencePreview } from './builder';
import { RECURRING_TEXT } from './texts';

/** Under the builder: the rule in words, the next 5 occurrences in the schedule's zone and the rrule; or why it cannot be saved. */
export function OccurrencePreview({ preview, timeZone }: { preview: RecurrencePreview; timeZone: string }) {
  if (!preview.ok) {
    return (
      <p className="form-error rec-problem" role="alert">
        {preview.message}
      </p>
    );
  }
  return (
    <section className="card rec-preview" aria-labelledby="rec-preview-title">
      <p className="rec-words">{preview.words}</p>
      <h3 id="rec-preview-title" className="rec-preview-title">
        {RECURRING_TEXT.previewTitle} <span className="muted">({timeZone})</span>
      </h3>
      <ol className="rec-dates" aria-label={RECURRING_TEXT.previewTitle}>
        {preview.next.map((o) => (
          <li key={o.date}>{formatInZone(o.at, timeZone)}</li>
        ))}
      </ol>
      <details className="rec-rrule">
        <summary>Rule (RFC 5545)</summary>
        <code>{preview.rrule}</code>
      </details>
    </section>
  );
}
