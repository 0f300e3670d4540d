import { Link } from 'react-router-dom';
import type { Visit } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { ResendReport } from './ResendReport';
import { VISIT_TEXT } from './texts';

/**
 * One landed visit on the ticket: when and who, the signer, the phone-clock flag, the correction
 * links both ways ("Superseded: corrected by the visit of ..." on the earlier one, "Corrects the
 * visit of ..." on the correction; `byId` holds the ticket's other visits to name them), the service
 * report, and on a visit not superseded "Resend report" (online) and, while the ticket may be worked
 * on (`canCorrect`), "Correct this visit" (the close-out prefilled from it, docs/visits.md "Corrections").
 */
export function VisitRow({ visit, online, byId, canCorrect }: { visit: Visit; online: boolean; byId: ReadonlyMap<string, Visit>; canCorrect: boolean }) {
  const title = VISIT_TEXT.visit(formatDateTime(visit.departedAt), visit.technicianName);
  const later = visit.supersededBy ? byId.get(visit.supersededBy) : undefined;
  const earlier = visit.supersedesVisitId ? byId.get(visit.supersedesVisitId) : undefined;
  return (
    <article className={`visit-row${visit.supersededBy ? ' visit-superseded' : ''}`} aria-label={title}>
      <p className="visit-row-title">{title}</p>
      {visit.supersededBy && <p className="form-hint visit-correction-note">{later ? VISIT_TEXT.supersededBy(formatDateTime(later.departedAt)) : VISIT_TEXT.superseded}</p>}
      {earlier && <p className="form-hint visit-correction-note">{VISIT_TEXT.corrects(formatDateTime(earlier.departedAt))}</p>}
      <p className="visit-row-work">{visit.workDone}</p>
      {visit.signerName && <p className="muted">{VISIT_TEXT.signedBy(visit.signerName)}</p>}
      {visit.clockSuspect && visit.clockNote && <p className="form-hint">{VISIT_TEXT.clockNote(visit.clockNote)}</p>}
      <div className="form-actions">
        {online ? (
          <>
            <a className="btn btn-outline" href={`/api/visits/${encodeURIComponent(visit.id)}/report.pdf`} target="_blank" rel="noreferrer">
              {VISIT_TEXT.report}
            </a>
            {!visit.supersededBy && <ResendReport visitId={visit.id} />}
          </>
        ) : (
          <span className="form-hint">{VISIT_TEXT.report}: needs a connection to the server.</span>
        )}
        {canCorrect && !visit.supersededBy && (
          <Link className="btn btn-outline" to={`/technician/close-out?ticket=${encodeURIComponent(visit.ticketId)}&corrects=${encodeURIComponent(visit.id)}`}>
            {VISIT_TEXT.correct}
          </Link>
        )}
      </div>
    </article>
  );
}
