/**
 * Drizzle schema of every SPEC.md 3 entity plus the API's own tables (sessions, idempotency keys,
 * notification outbox). snake_case columns, camelCase fields, uuid ids, timestamptz (DESIGN.md 2).
 * One schema and one migration folder serve PGlite and node-postgres alike.
 */
export { syncSeq } from './schema/columns';
export * from './schema/accounts';
export * from './schema/tickets';
export * from './schema/content';
export * from './schema/surveys';
export * from './schema/vault';
export * from './schema/platform';
export * from './schema/sla';
export * from './schema/twofa';
export * from './schema/attachments';
export * from './schema/statusLinks';
export * from './schema/inbound';
export * from './schema/audit';
export * from './schema/clients';
export * from './schema/replies';
export * from './schema/readViews';
export * from './schema/assets';
export * from './schema/checklists';
export * from './schema/visits';
export * from './schema/tags';
export * from './schema/inbox';
