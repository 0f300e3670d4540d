/**
 * The status page's date formatting (SPEC.md 9, lib/format.ts), loaded when the page is idle: a
 * module of its own so the page's dynamic import needs no namespace of the shared format chunk.
 */
export { formatDateTime } from '../../lib/format';
