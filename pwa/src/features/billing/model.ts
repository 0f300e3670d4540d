/**
 * Time & Billing screen model (docs/billing.md): the ranges (this month, last month: UTC calendar
 * months) and the grouping of entries by client or technician with billable / not billable / invoiced
 * minutes. Pure functions.
 */
import type { BillingEntry } from '@portal/shared';

export type RangeKind = 'this' | 'last' | 'custom';
export type GroupBy = 'client' | 'technician';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first and last UTC day of this month or last month, as YYYY-MM-DD, for `today`. */
export function monthRange(kind: 'this' | 'last', today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() - (kind === 'last' ? 1 : 0);
  return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(new Date(Date.UTC(y, m + 1, 0))) };
}

/** One row of the summary: the group's key (client id or name, technician id), label and minutes. */
export interface BillingGroup {
  key: string;
  label: string;
  /** For a client group: what POST /api/time-report/invoiced takes (`clientId`, else the unlinked `client`). */
  client: { clientId: string } | { client: string } | null;
  entries: BillingEntry[];
  minutes: number;
  billable: number;
  nonBillable: number;
  invoiced: number;
}

/** The entries grouped by client (linked client id, else the name) or technician, in label order. */
export function groupEntries(entries: readonly BillingEntry[], by: GroupBy): BillingGroup[] {
  const groups = new Map<string, BillingGroup>();
  for (const e of entries) {
    const key = by === 'client' ? (e.clientId ?? `name:${e.client}`) : (e.technicianId ?? 'deleted');
    const label = by === 'client' ? e.client : (e.technician ?? '(deleted user)');
    const client = by === 'client' ? (e.clientId ? { clientId: e.clientId } : { client: e.client }) : null;
    const g = groups.get(key) ?? { key, label, client, entries: [], minutes: 0, billable: 0, nonBillable: 0, invoiced: 0 };
    g.entries.push(e);
    g.minutes += e.minutes;
    if (e.billable) g.billable += e.minutes;
    else g.nonBillable += e.minutes;
    if (e.invoicedAt) g.invoiced += e.minutes;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Minutes as hours with 2 decimals ("1.50 h"). */
export const hoursText = (minutes: number) => `${(minutes / 60).toFixed(2)} h`;
