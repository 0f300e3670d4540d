/**
 * The shapes a drain (drain.ts) works with: its dependencies and its report. Types only, in their own
 * module so drain.ts and the settler (settle.ts) share them without importing each other.
 */
import type { OfflineDb, OutboxItem } from './db';
import type { LockRunner } from './lock';
import type { Transport } from '../lib/http';

/** What a drain needs; every field has a default suited to the service worker. */
export interface DrainDeps {
  db: OfflineDb;
  /** Default: cookie-authenticated fetch (service worker). The page passes one with its bearer token. */
  transport: Transport;
  /** Whose items of 'session' kinds may be sent; undefined -> the `owner` meta row the page keeps (service worker). */
  userId: string | null | undefined;
  /** Epoch ms. */
  now: () => number;
  random: () => number;
  lock: LockRunner;
  /** Ignore backoff delays (the network just came back, or the user asked). */
  force: boolean;
  /** Streams sent at the same time (each stream stays strictly sequential); default DRAIN_CONCURRENCY (drain.ts). */
  concurrency: number;
}

/** An item finished in this pass. */
export interface SentItem {
  seq: number;
  kind: string;
  /** The item's label (e.g. the ticket number). */
  label: string;
  entityId: string | null;
}

/** Result of one drain. */
export interface DrainReport {
  sent: SentItem[];
  /** Items that became conflicts / failed in this pass, as settled. */
  conflicts: OutboxItem[];
  failed: OutboxItem[];
  /** Items skipped because no kind of their name is registered (kept in the outbox). */
  unknown: OutboxItem[];
  /** Why the pass stopped early: no answer, server trouble (5xx/408/429), or the session was rejected (401). */
  stoppedBy: 'network' | 'server' | 'auth' | null;
  /** Items still to send (pending or sending) after the pass. */
  remaining: number;
  /** Earliest time (epoch ms) a pending item waiting for its backoff becomes due; null when none waits. */
  retryAt: number | null;
}
