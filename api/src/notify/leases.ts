/**
 * Leases of a claim the dispatcher sends in chunks (dispatcher.ts "Claims and chunks", issue 58):
 * extend the lease of claimed jobs not sent yet, or give them back. Same rule as jobs.ts's outcomes:
 * a job is written only while its claim's lease token still holds it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { notificationJobs } from '../db/schema';
import type { JobRow } from './jobs';

/**
 * Extends the lease of claimed jobs not sent yet to `until` (a claim bigger than one chunk of sends,
 * dispatcher.ts), in ONE statement. A job is extended only while its claim's lease token still holds it.
 * @returns the ids extended; a job missing from it had lost its lease (another dispatcher may hold it now).
 */
export async function renewLeases(db: Database, jobs: JobRow[], until: Date, now: Date): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(db, sql`
    update ${notificationJobs} j
    set next_attempt_at = ${until.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${heldItems(jobs)}::jsonb) as v(id uuid, lease_token uuid)
    where j.id = v.id and j.status = 'sending' and j.lease_token = v.lease_token
    returning j.id`);
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * Gives claimed jobs that were not sent back to `pending`, due at `now`, WITHOUT counting the attempt
 * (a stopping dispatcher's unsent rest of a claim: another process, or this one restarted, sends them
 * at once instead of after the lease). ONE statement; only jobs still held under their lease token.
 * @returns the ids released.
 */
export async function releaseJobs(db: Database, jobs: JobRow[], now: Date): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const at = now.toISOString();
  const rows = await rowsOf<{ id: string }>(db, sql`
    update ${notificationJobs} j
    set status = 'pending', attempts = greatest(j.attempts - 1, 0), next_attempt_at = ${at}::timestamptz, lease_token = null, updated_at = ${at}::timestamptz
    from jsonb_to_recordset(${heldItems(jobs)}::jsonb) as v(id uuid, lease_token uuid)
    where j.id = v.id and j.status = 'sending' and j.lease_token = v.lease_token
    returning j.id`);
  return new Set(rows.map((r) => String(r.id)));
}

/** Claimed jobs as one JSON parameter of (id, lease_token) rows. */
const heldItems = (jobs: JobRow[]) => JSON.stringify(jobs.map((j) => ({ id: j.id, lease_token: j.leaseToken })));
