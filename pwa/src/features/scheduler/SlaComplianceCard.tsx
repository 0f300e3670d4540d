import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SEVERITY_NAMES, type SlaClientRow, type SlaCompliance, type SlaComplianceRow } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { useOfflineQuery } from '../../offline';
import { readClientNames } from './TicketExportCard';
import { SearchableSelect } from '../../lib/ui/SearchableSelect';

const DAYS = 30;
const day = (d: Date) => d.toISOString().slice(0, 10);
const pct = (met: number, breached: number) => (met + breached === 0 ? '-' : `${Math.round((100 * met) / (met + breached))}%`);
const label = (r: SlaComplianceRow) => (r.all ? 'Everyone' : `${r.technician ?? 'Unassigned'}${r.severity ? ` · ${SEVERITY_NAMES[r.severity]}` : ''}`);

/** The table's columns (desktop); a phone card shows the same figures by name. */
type Figures = Omit<SlaComplianceRow, 'all' | 'technicianId' | 'technician' | 'severity'>;
const FIGURES: readonly ListColumn<Figures>[] = [
  { id: 'tickets', header: 'Tickets', cell: (r) => r.tickets, className: 'num' },
  { id: 'response', header: 'Response met / breached', cell: (r) => `${r.responseMet} / ${r.responseBreached} (${pct(r.responseMet, r.responseBreached)})` },
  { id: 'resolution', header: 'Resolution met / breached', cell: (r) => `${r.resolutionMet} / ${r.resolutionBreached} (${pct(r.resolutionMet, r.resolutionBreached)})` },
  { id: 'median', header: 'Median first response', cell: (r) => (r.medianFirstResponseMinutes === null ? '-' : `${r.medianFirstResponseMinutes} min`) },
];
const COLUMNS: readonly ListColumn<SlaComplianceRow>[] = [{ id: 'who', header: 'Who', cell: label, rowHeader: true }, ...(FIGURES as ListColumn<SlaComplianceRow>[])];
/** The by-client table (issue 50 item 7): the same figures per client object. */
const CLIENT_COLUMNS: readonly ListColumn<SlaClientRow>[] = [{ id: 'who', header: 'Client', cell: (r) => r.client, rowHeader: true }, ...(FIGURES as ListColumn<SlaClientRow>[])];

/**
 * 'SLA Compliance (last 30 days)' on the KPI tab (docs/sla.md "Compliance"): for everyone, each
 * technician and each of their severities, the first-response and resolution targets met / breached
 * (with the share met) and the median first response: a table from 992 px, a card per row on
 * phones (ResponsiveList); then 'By client', the same figures per client object (issue 50 item 7).
 * The Client filter (the cached client cards) keeps one client's tickets. Online only: offline it says so.
 */
export function SlaComplianceCard({ online }: { online: boolean }) {
  const id = useId();
  const now = new Date();
  const from = day(new Date(now.getTime() - (DAYS - 1) * 86_400_000));
  const to = day(now);
  const [clientId, setClientId] = useState('');
  const clientNames = useOfflineQuery(readClientNames) ?? [];
  const qs = `from=${from}&to=${to}${clientId ? `&clientId=${clientId}` : ''}`;
  const q = useQuery<SlaCompliance>({
    queryKey: ['sla-compliance', qs],
    queryFn: ({ signal }) => apiGet<SlaCompliance>(`/api/sla-compliance?${qs}`, { signal }),
    enabled: online,
  });
  return (
    <section className="card sla-compliance" aria-labelledby="sla-compliance-heading">
      <h2 id="sla-compliance-heading">SLA Compliance (last 30 days)</h2>
      <div className="ticket-export-client">
        <label htmlFor={`${id}-client`}>Client</label>
        <SearchableSelect id={`${id}-client`} label="Client" value={clientId} noneLabel="All clients" options={clientNames} onChange={setClientId} />
      </div>
      {!online ? (
        <p className="muted">SLA compliance shows when online.</p>
      ) : (
        <>
          <ResponsiveList
            rows={q.data?.rows}
            rowKey={(r) => `${r.all}-${r.technicianId}-${r.severity}`}
            columns={COLUMNS}
            card={(r) => <ComplianceCard title={label(r)} r={r} />}
            cardLabel={label}
            label="SLA Compliance"
            empty="No tickets with SLA targets in these 30 days."
            loadingText="Loading SLA compliance..."
            error={q.isError ? { message: 'Check the connection and try again.' } : null}
            errorText="Could not load SLA compliance."
            onRetry={() => void q.refetch()}
            classes={{ list: 'sla-compliance-cards', card: 'sla-compliance-card' }}
          />
          <h3>By client</h3>
          <ResponsiveList
            rows={q.data?.clients}
            rowKey={(r) => r.clientId}
            columns={CLIENT_COLUMNS}
            card={(r) => <ComplianceCard title={r.client} r={r} />}
            cardLabel={(r) => r.client}
            label="SLA Compliance by client"
            empty="No tickets of a client in these 30 days."
            loadingText="Loading SLA compliance..."
            error={q.isError ? { message: 'Check the connection and try again.' } : null}
            errorText="Could not load SLA compliance."
            onRetry={() => void q.refetch()}
            classes={{ list: 'sla-compliance-cards', card: 'sla-compliance-card' }}
          />
        </>
      )}
    </section>
  );
}

/** One row's facts as a phone card: who, then each figure with its name. */
function ComplianceCard({ title, r }: { title: string; r: Figures }) {
  return (
    <>
      <h3>{title}</h3>
      <dl className="sla-compliance-figures">
        {FIGURES.map((c) => (
          <div key={c.id}>
            <dt>{c.header}</dt>
            <dd>{c.cell(r)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
