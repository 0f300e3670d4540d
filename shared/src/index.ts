/** @portal/shared: the rules both the API and the PWA need (DESIGN.md 3). Imports zod only. */
export * from './constants';
export * from './messages';
export * from './schemas/auth';
export * from './schemas/tickets';
export * from './schemas/users';
export * from './schemas/errors';
export * from './schemas/text';
export * from './rules/tickets';
export * from './rules/workload';
export * from './rules/format';
export * from './schemas/settings';
export * from './schemas/push';
export * from './rules/merge';
