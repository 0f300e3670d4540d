import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { ErrorState, EmptyState, LoadingSkeleton } from '../../lib/ui/States';
import { GroupTable } from './GroupTable';
import { VisitTable } from './VisitTable';
import { groupEntries, hoursText, monthRange, type GroupBy, type RangeKind } from './model';
import { useBillingEntries, useTimeReport } from './useBilling';
import './billing.css';

const RANGES: { kind: RangeKind; label: string }[] = [
  { kind: 'this', label: 'This month' },
  { kind: 'last', label: 'Last month' },
  { kind: 'custom', label: 'Custom' },
];

/** Range buttons and, for Custom, the two dates (both included, UTC days). */
function RangeControls(props: { kind: RangeKind; from: string; to: string; onKind(k: RangeKind): void; onDates(from: string, to: string): void }) {
  const { kind, from, to, onKind, onDates } = props;
  return (
    <div className="billing-range" role="group" aria-label="Range">
      {RANGES.map((r) => (
        <button key={r.kind} type="button" className={`btn${kind === r.kind ? ' btn-primary' : ''}`} aria-pressed={kind === r.kind} onClick={() => onKind(r.kind)}>
          {r.label}
        </button>
      ))}
      {kind === 'custom' && (
        <>
          <label>
            From <input className="input" type="date" value={from} max={to} onChange={(e) => onDates(e.target.value, to)} />
          </label>
          <label>
            To <input className="input" type="date" value={to} min={from} onChange={(e) => onDates(from, e.target.value)} />
          </label>
        </>
      )}
    </div>
  );
}

/**
 * /time-billing (issue 57 item 1, docs/billing.md): admins see everyone's time, technicians their own.
 * A range (this month, last month, custom), the summary by client or by technician with billable and
 * not billable hours, drill-down to the entries, "Mark invoiced" per client (admins), and the two CSV
 * exports (generic; QuickBooks Online / Xero invoice lines) for the same range. Needs a connection.
 */
export default function TimeBillingPage() {
  const admin = useAuth().user?.role === 'admin';
  const [kind, setKind] = useState<RangeKind>('this');
  const [custom, setCustom] = useState(() => monthRange('this', new Date()));
  const [by, setBy] = useState<GroupBy>('client');
  const range = kind === 'custom' ? custom : monthRange(kind, new Date());
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const report = useBillingEntries(range.from, range.to, valid);
  const entries = report.data?.entries ?? [];
  const groups = groupEntries(entries, by);
  const total = entries.reduce((n, e) => n + e.minutes, 0);
  const billable = entries.reduce((n, e) => n + (e.billable ? e.minutes : 0), 0);
  const visits = useTimeReport(range.from, range.to, valid);
  const csv = (format: string) => `/api/time-report/entries?${new URLSearchParams({ ...range, format })}`;
  return (
    <div className="page page-wide billing-page">
      <h1>Time &amp; Billing</h1>
      <p className="muted">{admin ? 'Time recorded by everyone' : 'Your recorded time'}, {range.from} to {range.to} (UTC days).</p>
      <RangeControls kind={kind} from={range.from} to={range.to} onKind={setKind} onDates={(from, to) => setCustom({ from, to })} />
      <div className="billing-bar">
        <div className="billing-range" role="group" aria-label="Group by">
          {(['client', 'technician'] as const).map((g) => (
            <button key={g} type="button" className={`btn${by === g ? ' btn-primary' : ''}`} aria-pressed={by === g} onClick={() => setBy(g)}>
              {g === 'client' ? 'By client' : 'By technician'}
            </button>
          ))}
        </div>
        <a className="btn" href={csv('csv')} download>
          Export CSV
        </a>
        <a className="btn" href={csv('invoice')} download>
          Export invoice lines (QuickBooks / Xero)
        </a>
      </div>
      {!valid ? (
        <p role="alert">Pick a start date on or before the end date.</p>
      ) : report.isPending ? (
        <LoadingSkeleton />
      ) : report.isError ? (
        <ErrorState text="The time report could not be loaded." error={report.error} onRetry={() => void report.refetch()} className="card" />
      ) : groups.length === 0 ? (
        <EmptyState>No time recorded in this range.</EmptyState>
      ) : (
        <>
          <p className="billing-totals">
            Total {hoursText(total)} · Billable {hoursText(billable)} · Not billable {hoursText(total - billable)}
          </p>
          {report.data?.truncated && <p className="muted">Only the first 5000 entries are shown: pick a shorter range.</p>}
          <GroupTable groups={groups} by={by} from={range.from} to={range.to} admin={admin} />
        </>
      )}
      {valid && (
        <section aria-labelledby="billing-visits">
          <h2 id="billing-visits">On-site visits and parts</h2>
          {visits.data ? <VisitTable rows={visits.data.visits ?? []} /> : <p className="muted">{visits.isError ? 'The visits could not be loaded.' : 'Loading visits...'}</p>}
        </section>
      )}
    </div>
  );
}
