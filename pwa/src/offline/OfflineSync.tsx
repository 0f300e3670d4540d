import { useEffect } from 'react';
import { MSG } from '@portal/shared';
import { useAuth } from '../lib/auth';
import { useToast, type ToastOptions } from '../lib/toast';
import type { DrainReport } from './drain';
import { onDrainReport, setSyncUser, startSyncEngine } from './engine';

/**
 * Runs the page's sync engine for the whole app (mount once, inside AuthProvider and
 * ToastProvider; renders nothing):
 * - installs the triggers (app start, `online`, return to the app, timer);
 * - tells the engine who is signed in; on sign-out or a change of user the cached tickets, history
 *   and technicians are cleared (another person may use this phone next) while unsent updates stay
 *   in the outbox with their author, sent when that author signs in again: never dropped silently;
 * - gives feedback on what the queue sent: 'Ticket Updated' (SPEC.md 8), 'Update Conflict' with
 *   MSG.conflict, or 'Update Failed' with the server's message.
 */
export function OfflineSync() {
  const { user } = useAuth();
  const toast = useToast();

  useEffect(() => startSyncEngine(), []);

  useEffect(() => {
    void setSyncUser(user);
  }, [user]);

  useEffect(() => onDrainReport((report) => {
    const message = feedback(report);
    if (message) toast.show(message);
  }), [toast]);

  return null;
}

/** The one toast for a drain report (problems first, one toast at a time: SPEC.md 2). */
export function feedback(report: DrainReport): ToastOptions | null {
  if (report.conflicts.length > 0) {
    const [first] = report.conflicts;
    return { title: 'Update Conflict', description: `${first.ticketNumber}: ${MSG.conflict}`, variant: 'destructive' };
  }
  if (report.failed.length > 0) {
    const [first] = report.failed;
    const what = first.kind === 'ticket.update' ? first.ticketNumber : 'Support request';
    return { title: 'Update Failed', description: `${what}: ${first.error?.message ?? 'Failed to update ticket. Please try again.'}`, variant: 'destructive' };
  }
  const updates = report.sent.filter((s) => s.kind === 'ticket.update');
  if (updates.length === 0) return null;
  const numbers = [...new Set(updates.map((s) => s.ticketNumber))];
  return {
    title: 'Ticket Updated',
    description: numbers.length === 1 ? `Ticket ${numbers[0]} has been updated.` : `${numbers.length} tickets have been updated.`,
  };
}
