import { Fragment, useState } from 'react';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { EntryList } from './EntryList';
import { hoursText, type BillingGroup, type GroupBy } from './model';
import { useMarkInvoiced } from './useBilling';

/** "Mark invoiced" of one client's range (admins, by client): locks its entries; says how many. */
function MarkInvoiced({ group, from, to }: { group: BillingGroup; from: string; to: string }) {
  const mark = useMarkInvoiced();
  const toast = useToast();
  if (!group.client || group.invoiced === group.minutes) return <span className="muted">Invoiced</span>;
  const run = () =>
    mark.mutate(
      { from, to, ...group.client! },
      {
        onSuccess: (r) => toast.show({ title: 'Marked invoiced', description: `${r.locked} entries${r.visitsLocked ? ` and ${r.visitsLocked} visits` : ''} of ${group.label} are locked.` }),
        onError: (e) => toast.show({ title: 'Not marked', description: failureText(e, 'Try again.'), variant: 'destructive' }),
      },
    );
  return (
    <button type="button" className="btn" disabled={mark.isPending} onClick={run} aria-label={`Mark ${group.label} invoiced`}>
      Mark invoiced
    </button>
  );
}

/**
 * The summary by client or technician: entries, total, billable, not billable and invoiced hours;
 * "Entries" opens the group's drill-down below its row; admins mark a client's range invoiced.
 */
export function GroupTable(props: { groups: BillingGroup[]; by: GroupBy; from: string; to: string; admin: boolean }) {
  const { groups, by, from, to, admin } = props;
  const [open, setOpen] = useState<string | null>(null);
  const canMark = admin && by === 'client';
  return (
    <div className="table-wrap">
      <table className="data-table billing-table" aria-label={by === 'client' ? 'Time by client' : 'Time by technician'}>
        <thead>
          <tr>
            <th scope="col">{by === 'client' ? 'Client' : 'Technician'}</th>
            <th scope="col">Entries</th>
            <th scope="col">Total</th>
            <th scope="col">Billable</th>
            <th scope="col">Not billable</th>
            <th scope="col">Invoiced</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <Fragment key={g.key}>
              <tr>
                <th scope="row">{g.label}</th>
                <td>{g.entries.length}</td>
                <td>{hoursText(g.minutes)}</td>
                <td>{hoursText(g.billable)}</td>
                <td>{hoursText(g.nonBillable)}</td>
                <td>{hoursText(g.invoiced)}</td>
                <td className="billing-actions">
                  <button type="button" className="link-button" aria-expanded={open === g.key} onClick={() => setOpen(open === g.key ? null : g.key)} aria-label={`Entries of ${g.label}`}>
                    Entries
                  </button>
                  {canMark && <MarkInvoiced group={g} from={from} to={to} />}
                </td>
              </tr>
              {open === g.key && (
                <tr>
                  <td colSpan={7}>
                    <EntryList entries={g.entries} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
