/**
 * The auth feature's subscriber (docs/events.md), registered in api/src/event-subscribers.ts:
 * `auth.sign_out_everywhere` (in the transaction) deletes the user's sessions (their push
 * subscriptions cascade) and announces it to every process's session cache (db/session-events.ts,
 * delivered on COMMIT):
 * - user.disabled and user.second_factor_reset: every session;
 * - user.password_changed: every session but `keepSessionId` (the one that made the change).
 */
import { defineSubscriber } from '../../events';
import { deleteOtherSessions } from '../../db/sessions';

const signOutEverywhere = defineSubscriber({
  name: 'auth.sign_out_everywhere',
  events: ['user.disabled', 'user.password_changed', 'user.second_factor_reset'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const e of events) await deleteOtherSessions(tx, e.data.userId, 'keepSessionId' in e.data ? e.data.keepSessionId : null);
  },
});

/** The auth feature's subscribers. */
export const authSubscribers = [signOutEverywhere];
