import { useQuery } from '@tanstack/react-query';
import { SEVERITY_NAMES, type SlaCompliance, type SlaComplianceRow } from '@portal/shared';
import { apiGet } from '../../lib/api';

const DAYS = 30;
const day = (d: Date) => d.toISOString().slice(0, 10);
const pct = (met: number, breached: number) => (met + breached === 0 ? '-' : `${Math.round((100 * met) / (met + breached))}%`);

/**
 * 'SLA Compliance (last 30 days)' on the KPI tab (docs/sla.md "Compliance"): for everyone, each
 * technician and each of their severities, the first-response and resolution targets met / breached
 * (with the share met) and the median first response. Online only: offline it says so.
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
  const label = (r: SlaComplianceRow) => (r.all ? 'Everyone' : `${r.technician ?? 'Unassigned'}${r.severity ? ` · ${SEVERITY_NAMES[r.severity]}` : ''}`);
  return (
    <section className="card sla-compliance" aria-labelledby="sla-compliance-heading">
      <h2 id="sla-compliance-heading">SLA Compliance (last 30 days)</h2>
      {!online ? (
        <p className="muted">SLA compliance shows when online.</p>
      ) : !q.data ? (
        <p className="muted">{q.isError ? 'Could not load SLA compliance.' : 'Loading SLA compliance...'}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Tickets</th>
                <th scope="col">Response met / breached</th>
                <th scope="col">Resolution met / breached</th>
                <th scope="col">Median first response</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((r) => (
                <tr key={`${r.all}-${r.technicianId}-${r.severity}`}>
                  <th scope="row">{label(r)}</th>
                  <td>{r.tickets}</td>
                  <td>{`${r.responseMet} / ${r.responseBreached} (${pct(r.responseMet, r.responseBreached)})`}</td>
                  <td>{`${r.resolutionMet} / ${r.resolutionBreached} (${pct(r.resolutionMet, r.resolutionBreached)})`}</td>
                  <td>{r.medianFirstResponseMinutes === null ? '-' : `${r.medianFirstResponseMinutes} min`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
