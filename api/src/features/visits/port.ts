/**
 * The visits feature's port (api/README.md "Features and ports"; docs/visits.md): what other
 * features may use.
 * - `statusReportsOf(db, ticketId)`: the service reports the ticket's customer may download from the
 *   status page (visits not superseded, oldest first).
 * - `customerVisitReport(s, ticketId, visitId)`: that report's PDF and file name, or null when
 *   `visitId` is not such a visit of `ticketId`.
 */
export { customerVisitReport, statusReportsOf } from './customer';
/**
 * Figures (issue 54 item 4; figures.ts), handed to the sla, tickets and clients features by app.ts
 * (they cannot import this port: the visits feature imports theirs):
 * - `visitFigures(db, from, to, clientId?)`: visits, durations and parts per client (time report);
 * - `visitCountsOf(db, ticketIds)`: visits per ticket (ticket CSV export);
 * - `visitsOfClient(db, clientId)`: the client page's visits.
 */
export { visitCountsOf, visitFigures, visitsOfClient } from './figures';
/**
 * - `visitPartLines(db, filter)`: the part lines of a range's visits (invoice-lines CSV; billing.ts);
 * - `markVisitsInvoiced(tx, filter, by, now)`: 'Mark invoiced' locks the client's visits of the range;
 * both handed to the sla feature's billing routes by app.ts.
 */
export { markVisitsInvoiced, visitPartLines } from './billing';
