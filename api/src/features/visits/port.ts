/**
 * The visits feature's port (api/README.md "Features and ports"; docs/visits.md): what other
 * features may use.
 * - `statusReportsOf(db, ticketId)`: the service reports the ticket's customer may download from the
 *   status page (visits not superseded, oldest first).
 * - `customerVisitReport(s, ticketId, visitId)`: that report's PDF and file name, or null when
 *   `visitId` is not such a visit of `ticketId`.
 */
export { customerVisitReport, statusReportsOf } from './customer';
