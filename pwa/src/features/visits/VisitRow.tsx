import type { Visit } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { ResendReport } from './ResendReport';
import { VISIT_TEXT } from './texts';

/** One landed visit on the ticket: when and who, the signer, the phone-clock flag, the service report and (online, not superseded) "Resend report". */
export function VisitRow({ visit, online }: { visit: Visit; online: boolean }) {
  return (
    <article className="visit-row" aria-label={VISIT_TEXT.visit(formatDateTime(visit.departedAt), visit.technicianName)}>
      <p className="visit-row-title">{VISIT_TEXT.visit(formatDateTime(visit.departedAt), visit.technicianName)}</p>
      <p className="visit-row-work">{visit.workDone}</p>
      {visit.signerName && <p className="muted">{VISIT_TEXT.signedBy(visit.signerName)}</p>}
      {visit.clockSuspect && visit.clockNote && <p className="form-hint">{VISIT_TEXT.clockNote(visit.clockNote)}</p>}
      {visit.supersededBy && <p className="form-hint">{VISIT_TEXT.superseded}</p>}
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
      </div>
    </article>
  );
}
