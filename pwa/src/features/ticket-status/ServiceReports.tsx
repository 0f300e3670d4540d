import { REPORT_LINK_TEXT, type TicketStatusView } from '@portal/shared';

/**
 * The service reports of the ticket's on-site visits (issue 54, docs/visits.md): one download link
 * per report (visits not superseded), with the visit's departure time.
 */
export function ServiceReports({ view, token, formatTime }: { view: TicketStatusView; token: string; formatTime: (iso: string) => string }) {
  if (!view.reports?.length) return null;
  return (
    <section className="card status-reports" aria-labelledby="status-reports-h">
      <h2 id="status-reports-h">Service reports</h2>
      <ul className="status-report-list">
        {view.reports.map((r) => (
          <li key={r.visitId}>
            <a className="contact-link" href={`/api/ticket-status/${encodeURIComponent(token)}/visits/${r.visitId}/report.pdf`} download={r.fileName}>
              {REPORT_LINK_TEXT}
            </a>{' '}
            <span className="muted">(visit of {formatTime(r.departedAt)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
