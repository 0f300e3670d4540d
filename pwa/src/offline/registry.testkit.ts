/**
 * Tests of one feature whose outbox items another feature's kind sends (e.g. the asset page's
 * 'Log a visit', queued as the tickets' `ticket.timeEntry`): registers every feature's offline part
 * as the app does (offline-registry.ts), which a feature's own test may not import.
 */
export { registerOfflineFeatures } from '../offline-registry';
