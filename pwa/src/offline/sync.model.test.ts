/**
 * Model-based property test of outbox + sync + server ("Tests"; fast-check commands).
 *
 * The real generic outbox, drain and pull code, with the ticket feature's `ticket.update` kind and
 * collections registered exactly as the page and the service worker register them
 * (offline-registry.ts), runs on fake IndexedDB against ModelServer, an in-memory
 * API with exactly the server's rules (idempotency keys, field-by-field merge of a stale
 * baseVersion, 409 on a real same-field conflict). Random command sequences mix technician edits,
 * another user's writes, pulls, drains through a faulty network (no connection, answers lost,
 * duplicated deliveries, requests delayed and delivered later, 503s), app restarts (a new Dexie
 * instance on the same IndexedDB, sometimes killed while sending), conflict choices and discards.
 *
 * Then everything is allowed to settle and the properties are checked:
 * - no update lost: every edit not explicitly discarded was applied on the server, exactly once;
 * - none applied twice: every comment is in the work history at most once (exactly once if kept);
 * - conflicts only where the same field really changed: a conflict on (ticket, field) is shown only
 *   if another user wrote that field, and only when the current value differs from both what the
 *   technician saw and what they chose;
 * - order: each ticket's comments reach the server in the order they were queued, although drains
 *   send different tickets concurrently (1-4 at a time, requests arriving after random delays);
 *   on tickets nobody else touched, the server ends with the technician's last values;
 * - convergence: after a pull the local tickets equal the server's.
 */
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { registerOfflineFeatures } from '../offline-registry';
import { OTHER_ID } from './model-server.testkit';
import { EditCmd, OtherWriteCmd, commands, runScenario } from './sync.model.testkit';

beforeAll(registerOfflineFeatures);

describe('outbox + sync + server (model-based)', () => {
  it('never loses an update, never applies one twice, and raises conflicts only on real same-field changes', async () => {
    await fc.assert(fc.asyncProperty(commands, runScenario), { numRuns: Number(process.env.MODEL_RUNS ?? 1000) });
  }, 600_000);

  // Found by the property above (1 run in about 2,500): `seen` held false for "unassigned", so the
  // third update was a conflict although only the status had been changed by someone else.
  it('unassign then reassign while another user changes the status: no conflict', async () => {
    await runScenario([
      new EditCmd(0, { assignedTo: OTHER_ID, comment: false }),
      new EditCmd(0, { assignedTo: null, comment: false }),
      new EditCmd(0, { assignedTo: OTHER_ID, comment: false }),
      new OtherWriteCmd(0, 'status', 1),
    ]);
  });
});
