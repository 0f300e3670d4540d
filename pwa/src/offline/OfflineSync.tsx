import { useEffect, useRef } from 'react';
import { useAuth } from '../lib/auth';
import { useToast } from '../lib/toast';
import type { OutboxItem, OutboxState } from './db';
import type { DrainReport } from './drain';
import { setSyncUser, startSyncEngine } from './engine';
import { useOfflineQuery } from './hooks';
import { outboxKind, type Notice } from './kinds';
import { readOutbox } from './outbox';

/**
 * Runs the page's sync engine for the whole app (mount once, inside AuthProvider and
 * ToastProvider; renders nothing):
 * - installs the triggers (app start, `online`, return to the app, timer);
 * - tells the engine who is signed in; on sign-out or a change of user the cached collections are
 *   cleared (another person may use this phone next) while unsent items stay in the outbox with
 *   their author, sent when that author signs in again: never dropped silently;
 * - gives feedback on what left the queue, whoever sent it (this page, another tab or the service
 *   worker's Background Sync), with the texts of the item's kind (`notices`, e.g. 'Ticket Updated',
 *   'Update Conflict', 'Update Failed'). It watches the outbox items of kinds that have notices: an
 *   item that was pending or sending and is gone (or done) was applied (discards and conflict
 *   choices start from other states).
 */
export function OfflineSync() {
  const { user } = useAuth();
  const toast = useToast();
  // One getAll (not `anyOf`, which walks a cursor item by item), answered from the same cached
  // read as the sync bar's counts (readOutbox). Coalesced like the screens' reads while the engine
  // runs (hooks.ts): un-coalesced, a drain of 200 updates read the whole outbox and replaced the
  // toast after every settling commit (docs/benchmarks.md "Slow phone at 4x CPU"); an item
  // sent between two reads is still seen (pending before, gone after), so no toast is lost, the
  // sent ones of one interval share a toast.
  const watched = useOfflineQuery(async (db) => (await readOutbox(db)).filter((i) => i.state !== 'done' && outboxKind(i.kind)?.notices));
  const previous = useRef<Map<number, { state: OutboxState; item: OutboxItem }> | null>(null);

  useEffect(() => startSyncEngine(), []);

  useEffect(() => {
    void setSyncUser(user);
  }, [user]);

  useEffect(() => {
    if (!watched) return;
    const now = new Map(watched.map((i) => [i.seq, { state: i.state, item: i }]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    const report: DrainReport = { sent: [], conflicts: [], failed: [], unknown: [], stoppedBy: null, remaining: 0, retryAt: null };
    for (const [seq, { state, item }] of before) {
      if ((state === 'pending' || state === 'sending') && !now.has(seq)) {
        report.sent.push({ seq, kind: item.kind, label: item.label, entityId: item.entityId });
      }
    }
    for (const [seq, { state, item }] of now) {
      if (before.get(seq)?.state === state) continue;
      if (state === 'conflict') report.conflicts.push(item);
      if (state === 'failed') report.failed.push(item);
    }
    const message = feedback(report);
    if (message) toast.show(message);
  }, [watched, toast]);

  return null;
}

/**
 * The one toast for a drain report (problems first, one toast at a time: SPEC.md 2), in the words
 * of each item's kind (`notices`). Kinds without notices stay silent (e.g. the support form
 * reports its own requests). Order: the first conflict, else the first failure, else the
 * successes of one kind (its distinct labels, in order): the kind of the newest sent item (last in
 * `report.sent`, which is in queue order) that has a text for them. The newest, because the watch
 * is coalesced during a drain: a note and the merge queued after it, sent within one read, end on
 * the merge's toast, as the toast of each settled answer used to.
 * @returns the toast, or null when there is nothing to say.
 */
export function feedback(report: DrainReport): Notice | null {
  for (const item of report.conflicts) {
    const notice = outboxKind(item.kind)?.notices?.conflict?.(item);
    if (notice) return notice;
  }
  for (const item of report.failed) {
    const notice = outboxKind(item.kind)?.notices?.failed?.(item);
    if (notice) return notice;
  }
  const labels = new Map<string, string[]>();
  for (const s of report.sent) {
    const list = labels.get(s.kind) ?? [];
    if (!list.includes(s.label)) list.push(s.label);
    labels.set(s.kind, list);
  }
  // Map keys in order of first sending; newest kind first: by the position of its last item.
  const lastAt = new Map(report.sent.map((s, i) => [s.kind, i]));
  for (const kind of [...labels.keys()].sort((a, b) => lastAt.get(b)! - lastAt.get(a)!)) {
    const notice = outboxKind(kind)?.notices?.sent?.(labels.get(kind)!);
    if (notice) return notice;
  }
  return null;
}
