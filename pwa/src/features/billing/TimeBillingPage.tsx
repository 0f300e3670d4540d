import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { ErrorState, EmptyState, LoadingSkeleton } from '../../lib/ui/States';
import { GroupTable } from './GroupTable';
import { VisitTable } from './VisitTable';
import { groupEntries, hoursText, monthRange, type GroupBy, type RangeKind } from './model';
import { BillingTagFilter, TagTable } from './TagControls';
import { rangeQuery, useBillingEntries, useTimeReport } from './useBilling';
import './billing.css';

type View = GroupBy | 'tag';
const VIEWS: { by: View; label: string }[] = [
  { by: 'client', label: 'By client' },
  { by: 'technician', label: 'By technician' },
  { by: 'tag', label: 'By tag' },
];

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

/** Group-by buttons, the tag filter and the two CSV links of the range (and tag). */
function BillingBar(props: { by: View; onBy(v: View): void; tag: string; onTag(t: string): void; from: string; to: string }) {
  const { by, onBy, tag, onTag, from, to } = props;
  const csv = (format: string) => `/api/time-report/entries?${rangeQuery(from, to, tag, { format })}`;
  return (
    <div className="billing-bar">
      <div className="billing-range" role="group" aria-label="Group by">
        {VIEWS.map((v) => (
          <button key={v.by} type="button" className={`btn${by === v.by ? ' btn-primary' : ''}`} aria-pressed={by === v.by} onClick={() => onBy(v.by)}>
            {v.label}
          </button>
        ))}
        <BillingTagFilter value={tag} onChange={onTag} />
      </div>
      <a className="btn" href={csv('csv')} download>
        Export CSV
      </a>
      <a className="btn" href={csv('invoice')} download>
        Export invoice lines (QuickBooks / Xero)
      </a>
    </div>
  );
}

/**
 * /time-billing (issue 57 items 1 and 3, docs/billing.md): admins see everyone's time, technicians their own.
 * A range (this month, last month, custom), optionally one tag, the summary by client, by technician
 * or by tag with billable and not billable hours, drill-down to the entries, "Mark invoiced" per client
 * (admins, without a tag filter: it locks all the client's entries of the range), and the two CSV
 * exports (generic; QuickBooks Online / Xero invoice lines) for the same range and tag. Needs a connection.
 */
export default function TimeBillingPage() {
  const admin = useAuth().user?.role === 'admin';
  const [kind, setKind] = useState<RangeKind>('this');
  const [custom, setCustom] = useState(() => monthRange('this', new Date()));
  const [by, setBy] = useState<View>('client');
  const [tag, setTag] = useState('');
  const range = kind === 'custom' ? custom : monthRange(kind, new Date());
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const report = useBillingEntries(range.from, range.to, tag, valid);
  const entries = report.data?.entries ?? [];
  const groups = groupEntries(entries, by === 'tag' ? 'client' : by);
  const total = entries.reduce((n, e) => n + e.minutes, 0);
  const billable = entries.reduce((n, e) => n + (e.billable ? e.minutes : 0), 0);
  const summary = useTimeReport(range.from, range.to, tag, valid);
  return (
    <div className="page page-wide billing-page">
      <h1>Time &amp; Billing</h1>
      <p className="muted">
        {admin ? 'Time recorded by everyone' : 'Your recorded time'}, {range.from} to {range.to} (UTC days){tag ? `, tickets tagged ${tag}` : ''}.
      </p>
      <RangeControls kind={kind} from={range.from} to={range.to} onKind={setKind} onDates={(from, to) => setCustom({ from, to })} />
      <BillingBar by={by} onBy={setBy} tag={tag} onTag={setTag} from={range.from} to={range.to} />
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
          {by === 'tag' ? (
            summary.data ? <TagTable rows={summary.data.byTag ?? []} /> : <LoadingSkeleton />
          ) : (
            <GroupTable groups={groups} by={by} from={range.from} to={range.to} admin={admin && !tag} />
          )}
        </>
      )}
      {valid && (
        <section className="billing-visits" aria-labelledby="billing-visits">
          <h2 id="billing-visits">On-site visits and parts</h2>
          {tag ? (
            <p className="muted">On-site visits are not split by tag: pick All tags to see them.</p>
          ) : summary.data ? (
            <VisitTable rows={summary.data.visits ?? []} />
          ) : (
            <p className="muted">{summary.isError ? 'The visits could not be loaded.' : 'Loading visits...'}</p>
          )}
        </section>
      )}
    </div>
  );
}
