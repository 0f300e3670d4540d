/**
 * Time & Billing presenters (issue 57 item 1, docs/billing.md "CSV exports"): entry rows -> the API
 * shape, the generic CSV and the invoice-lines CSV that QuickBooks Online and Xero import. Cells
 * that start with =, +, -, @, tab or CR get a leading ' (no formula runs in a spreadsheet); RFC 4180
 * quoting by csv-stringify, CRLF.
 */
import { stringify } from 'csv-stringify/sync';
import type { BillingEntry, VisitPartLine } from '@portal/shared';
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

/** Said in a part line's Description when the visit recorded no unit price (its UnitAmount and LineAmount are 0.00). */
export const NO_PRICE_NOTE = 'no unit price recorded: set the price';

/** One line of the invoice CSV before numbering: its client, service day, kind (time first on a day) and the line's own cells. */
interface InvoiceLine {
  client: string;
  day: string;
  kind: 0 | 1;
  description: string;
  quantity: string;
  unitAmount: string;
  lineAmount: string;
}

const money = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

/** A billable time entry as a line: hours (2 decimals) at `rate` (empty without a rate). */
function timeLine(e: BillingEntry, rate: number | undefined): InvoiceLine {
  const qty = hours(e.minutes);
  return {
    client: e.client,
    day: e.createdAt.slice(0, 10),
    kind: 0,
    description: `${e.ticketNumber}: ${e.note ?? 'Support time'} (${e.technician ?? 'deleted user'})`,
    quantity: qty,
    unitAmount: rate === undefined ? '' : rate.toFixed(2),
    lineAmount: rate === undefined ? '' : money(Number(qty) * rate),
  };
}

/** A visit's part as a line: its quantity at its unit price; without a price 0.00 and the note (the line stays visible to be priced). */
function partLine(p: VisitPartLine): InvoiceLine {
  const priced = p.unitPrice !== null;
  return {
    client: p.client,
    day: p.day,
    kind: 1,
    description: `${p.ticketNumber}: Part: ${p.description} (${p.technician})${priced ? '' : ` [${NO_PRICE_NOTE}]`}`,
    quantity: String(p.quantity),
    unitAmount: money(p.unitPrice ?? 0),
    lineAmount: money(p.quantity * (p.unitPrice ?? 0)),
  };
}

/**
 * Billable entries and the parts of the range's visits (`parts`, clients named by the caller), one
 * invoice line each, one invoice per client: ContactName = the client, InvoiceNumber =
 * `TB-<to as YYYYMMDD>-<n>` (n counts clients in name order), Reference = the range, InvoiceDate =
 * `to`, DueDate = `to` + 30 days. A time line: Description = "TKT-…: note (technician)", Quantity =
 * hours (2 decimals), UnitAmount = `rate` per hour and LineAmount = hours x rate (both empty without
 * a rate: the accounting program's item price applies). A part line: Description = "TKT-…: Part:
 * description (technician)", Quantity = the part's quantity, UnitAmount = its unit price, LineAmount =
 * quantity x price (2 decimals); a part without a price gets 0.00 and `[NO_PRICE_NOTE]` after its
 * Description. ServiceDate = the entry's / the visit's arrival day. Lines of a client by day, time
 * before parts on a day. Dates YYYY-MM-DD.
 */
export function invoiceCsv(entries: readonly BillingEntry[], range: { from: string; to: string }, rate?: number, parts: readonly VisitPartLine[] = []): string {
  const lines = [...entries.filter((e) => e.billable).map((e) => timeLine(e, rate)), ...parts.map(partLine)];
  const clients = [...new Set(lines.map((l) => l.client))].sort((a, b) => a.localeCompare(b));
  const numberOf = new Map(clients.map((c, i) => [c, `TB-${range.to.replaceAll('-', '')}-${i + 1}`]));
  const due = new Date(Date.parse(`${range.to}T00:00:00Z`) + 30 * DAY_MS).toISOString().slice(0, 10);
  // A stable sort: entries (oldest first) and parts (by arrival) keep their order within a day and kind.
  lines.sort((a, b) => a.client.localeCompare(b.client) || a.day.localeCompare(b.day) || a.kind - b.kind);
  return stringify(
    lines.map((l) => [safe(l.client), numberOf.get(l.client)!, `Time ${range.from} to ${range.to}`, range.to, due, safe(l.description), l.quantity, l.unitAmount, l.lineAmount, l.day]),
    { header: true, columns: [...INVOICE_COLUMNS], record_delimiter: 'windows' },
  );
}
