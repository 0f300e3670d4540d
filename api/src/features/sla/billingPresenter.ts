/**
 * Time & Billing presenters (issue 57 item 1, docs/billing.md "CSV exports"): entry rows -> the API
 * shape, the generic CSV and the invoice-lines CSV that QuickBooks Online and Xero import. Cells
 * that start with =, +, -, @, tab or CR get a leading ' (no formula runs in a spreadsheet); RFC 4180
 * quoting by csv-stringify, CRLF.
 */
import { stringify } from 'csv-stringify/sync';
import type { BillingEntry } from '@portal/shared';
import type { BillingEntryRow } from './billingRepository';

const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const hours = (m: number) => (m / 60).toFixed(2);
const DAY_MS = 86_400_000;

/** Row (client named) -> `BillingEntry`. */
export function presentBillingEntry(r: BillingEntryRow): BillingEntry {
  return {
    id: r.id,
    ticketId: r.ticketId,
    ticketNumber: r.ticketNumber,
    clientId: r.clientId,
    client: r.client,
    technicianId: r.technicianId,
    technician: r.technician,
    minutes: r.minutes,
    billable: r.billable,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    invoicedAt: r.invoicedAt?.toISOString() ?? null,
    invoicedBy: r.invoicedBy,
  };
}

/** The generic CSV columns, in order (docs/billing.md). */
export const GENERIC_COLUMNS = ['Date', 'Ticket', 'Client', 'Technician', 'Minutes', 'Hours', 'Billable', 'Note', 'Invoiced at', 'Invoiced by'] as const;

/** Every entry, one row each: date (UTC day), ticket number, client, technician, minutes, hours, billable yes/no, note, invoiced at/by. */
export function genericCsv(entries: readonly BillingEntry[]): string {
  return stringify(
    entries.map((e) => [
      e.createdAt.slice(0, 10),
      e.ticketNumber,
      safe(e.client),
      safe(e.technician ?? '(deleted user)'),
      e.minutes,
      hours(e.minutes),
      e.billable ? 'yes' : 'no',
      safe(e.note ?? ''),
      e.invoicedAt ?? '',
      safe(e.invoicedBy ?? ''),
    ]),
    { header: true, columns: [...GENERIC_COLUMNS], record_delimiter: 'windows' },
  );
}

/** The invoice-lines columns, in order: Xero's sales-invoice import names (without its `*`), which QuickBooks Online's invoice import maps (docs/billing.md). */
export const INVOICE_COLUMNS = ['ContactName', 'InvoiceNumber', 'Reference', 'InvoiceDate', 'DueDate', 'Description', 'Quantity', 'UnitAmount', 'LineAmount', 'ServiceDate'] as const;

/**
 * Billable entries only, one invoice line each, one invoice per client: ContactName = the client,
 * InvoiceNumber = `TB-<to as YYYYMMDD>-<n>` (n counts clients in name order), Reference = the range,
 * InvoiceDate = `to`, DueDate = `to` + 30 days, Description = "TKT-…: note (technician)", Quantity =
 * hours (2 decimals), UnitAmount = `rate` per hour and LineAmount = hours x rate (both empty
 * without a rate: the accounting program's item price applies), ServiceDate = the entry's day.
 * Dates YYYY-MM-DD.
 */
export function invoiceCsv(entries: readonly BillingEntry[], range: { from: string; to: string }, rate?: number): string {
  const billable = entries.filter((e) => e.billable);
  const clients = [...new Set(billable.map((e) => e.client))].sort((a, b) => a.localeCompare(b));
  const numberOf = new Map(clients.map((c, i) => [c, `TB-${range.to.replaceAll('-', '')}-${i + 1}`]));
  const due = new Date(Date.parse(`${range.to}T00:00:00Z`) + 30 * DAY_MS).toISOString().slice(0, 10);
  const lines = [...billable].sort((a, b) => a.client.localeCompare(b.client) || a.createdAt.localeCompare(b.createdAt));
  return stringify(
    lines.map((e) => {
      const qty = hours(e.minutes);
      return [
        safe(e.client),
        numberOf.get(e.client)!,
        `Time ${range.from} to ${range.to}`,
        range.to,
        due,
        safe(`${e.ticketNumber}: ${e.note ?? 'Support time'} (${e.technician ?? 'deleted user'})`),
        qty,
        rate === undefined ? '' : rate.toFixed(2),
        rate === undefined ? '' : (Number(qty) * rate).toFixed(2),
        e.createdAt.slice(0, 10),
      ];
    }),
    { header: true, columns: [...INVOICE_COLUMNS], record_delimiter: 'windows' },
  );
}
