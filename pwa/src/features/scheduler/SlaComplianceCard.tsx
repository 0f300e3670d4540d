import { useQuery } from '@tanstack/react-query';
import { SEVERITY_NAMES, type SlaCompliance, type SlaComplianceRow } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';

const DAYS = 30;
const day = (d: Date) => d.toISOString().slice(0, 10);
const pct = (met: number, breached: number) => (met + breached === 0 ? '-' : `${Math.round((100 * met) / (met + breached))}%`);
const label = (r: SlaComplianceRow) => (r.all ? 'Everyone' : `${r.technician ?? 'Unassigned'}${r.severity ? ` · ${SEVERITY_NAMES[r.severity]}` : ''}`);

/** The table's columns (desktop); a phone card shows the same figures by name. */
const COLUMNS: readonly ListColumn<SlaComplianceRow>[] = [
  { id: 'who', header: 'Who', cell: label, rowHeader: true },
  { id: 'tickets', header: 'Tickets', cell: (r) => r.tickets, className: 'num' },
  { id: 'response', header: 'Response met / breached', cell: (r) => `${r.responseMet} / ${r.responseBreached} (${pct(r.responseMet, r.responseBreached)})` },
  { id: 'resolution', header: 'Resolution met / breached', cell: (r) => `${r.resolutionMet} / ${r.resolutionBreached} (${pct(r.resolutionMet, r.resolutionBreached)})` },
  { id: 'median', header: 'Median first response', cell: (r) => (r.medianFirstResponseMinutes === null ? '-' : `${r.medianFirstResponseMinutes} min`) },
];

/**
 * 'SLA Compliance (last 30 days)' on the KPI tab (docs/sla.md "Compliance"): for everyone, each
 * technician and each of their severities, the first-response and resolution targets met / breached
 * (with the share met) and the median first response: a table from 992 px, a card per row on
 * phones (ResponsiveList). Online only: offline it says so.
 */
export function SlaComplianceCard({ online }: { online: boolean }) {
  const now = new Date();
  const from = day(new Date(now.getTime() - (DAYS - 1) * 86_400_000));
  const to = day(now);
  const q = useQuery<SlaCompliance>({
    queryKey: ['sla-compliance', from, to],
    queryFn: ({ signal }) => apiGet<SlaCompliance>(`/api/sla-compliance?from=${from}&to=${to}`, { signal }),
    enabled: online,
  });
  return (
    <section className="card sla-compliance" aria-labelledby="sla-compliance-heading">
      <h2 id="sla-compliance-heading">SLA Compliance (last 30 days)</h2>
      {!online ? (
        <p className="muted">SLA compliance shows when online.</p>
      ) : (
        <ResponsiveList
          rows={q.data?.rows}
          rowKey={(r) => `${r.all}-${r.technicianId}-${r.severity}`}
          columns={COLUMNS}
          card={(r) => <ComplianceCard r={r} />}
          cardLabel={label}
          label="SLA Compliance"
          empty="No tickets with SLA targets in these 30 days."
          loadingText="Loading SLA compliance..."
          error={q.isError ? { message: 'Check the connection and try again.' } : null}
          errorText="Could not load SLA compliance."
          onRetry={() => void q.refetch()}
          classes={{ list: 'sla-compliance-cards', card: 'sla-compliance-card' }}
        />
      )}
    </section>
  );
}

/** One row's facts as a phone card: who, then each figure with its name. */
function ComplianceCard({ r }: { r: SlaComplianceRow }) {
  return (
    <>
      <h3>{label(r)}</h3>
      <dl className="sla-compliance-figures">
        {COLUMNS.slice(1).map((c) => (
          <div key={c.id}>
            <dt>{c.header}</dt>
            <dd>{c.cell(r)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
