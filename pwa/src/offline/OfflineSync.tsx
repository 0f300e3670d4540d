import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { MSG } from '@portal/shared';
import { useAuth } from '../lib/auth';
import { useToast, type ToastOptions } from '../lib/toast';
import { getOfflineDb, type OutboxState, type TicketUpdateItem } from './db';
import type { DrainReport } from './drain';
import { setSyncUser, startSyncEngine } from './engine';

/**
 * Runs the page's sync engine for the whole app (mount once, inside AuthProvider and
 * ToastProvider; renders nothing):
 * - installs the triggers (app start, `online`, return to the app, timer);
 * - tells the engine who is signed in; on sign-out or a change of user the cached tickets, history
 *   and technicians are cleared (another person may use this phone next) while unsent updates stay
 *   in the outbox with their author, sent when that author signs in again: never dropped silently;
 * - gives feedback on what left the queue, whoever sent it (this page, another tab or the service
 *   worker's Background Sync): 'Ticket Updated' (SPEC.md 8), 'Update Conflict' with MSG.conflict,
 *   or 'Update Failed' with the server's message. It watches the outbox: an item that was pending
 *   or sending and is gone was applied (discards and conflict choices start from other states).
 */
export function OfflineSync() {
  const { user } = useAuth();
  const toast = useToast();
  const updates = useLiveQuery(async () => {
    const items = await getOfflineDb().outbox.where('state').anyOf('pending', 'sending', 'conflict', 'failed').toArray();
    return items.filter((i): i is TicketUpdateItem => i.kind === 'ticket.update');
  }, []);
  const previous = useRef<Map<number, { state: OutboxState; item: TicketUpdateItem }> | null>(null);

  useEffect(() => startSyncEngine(), []);

  useEffect(() => {
    void setSyncUser(user);
  }, [user]);

  useEffect(() => {
    if (!updates) return;
    const now = new Map(updates.map((i) => [i.seq, { state: i.state, item: i }]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    const report: DrainReport = { sent: [], conflicts: [], failed: [], stoppedBy: null, remaining: 0 };
    for (const [seq, { state, item }] of before) {
      if ((state === 'pending' || state === 'sending') && !now.has(seq)) {
        report.sent.push({ seq, kind: 'ticket.update', ticketId: item.ticketId, ticketNumber: item.ticketNumber });
      }
    }
    for (const [seq, { state, item }] of now) {
      if (before.get(seq)?.state === state) continue;
      if (state === 'conflict') report.conflicts.push(item);
      if (state === 'failed') report.failed.push(item);
    }
    const message = feedback(report);
    if (message) toast.show(message);
  }, [updates, toast]);

  return null;
}

/**
 * The one toast for a drain report about ticket updates (problems first, one toast at a time:
 * SPEC.md 2). Support requests are reported by the support form itself.
 */
export function feedback(report: DrainReport): ToastOptions | null {
  if (report.conflicts.length > 0) {
    const [first] = report.conflicts;
    return { title: 'Update Conflict', description: `${first.ticketNumber}: ${MSG.conflict}`, variant: 'destructive' };
  }
  // Rejected support requests are the form's to report (it puts them back into the form).
  const failed = report.failed.filter((s) => s.kind === 'ticket.update');
  if (failed.length > 0) {
    const [first] = failed;
    return { title: 'Update Failed', description: `${first.ticketNumber}: ${first.error?.message ?? 'Failed to update ticket. Please try again.'}`, variant: 'destructive' };
  }
  const updates = report.sent.filter((s) => s.kind === 'ticket.update');
  if (updates.length === 0) return null;
  const numbers = [...new Set(updates.map((s) => s.ticketNumber))];
  return {
    title: 'Ticket Updated',
    description: numbers.length === 1 ? `Ticket ${numbers[0]} has been updated.` : `${numbers.length} tickets have been updated.`,
  };
}
