/**
 * The warranty alert sweep (issue 53 item 6, docs/assets.md): an asset whose warranty ends within
 * WARRANTY_ALERT_DAYS days (and has not ended; retired assets aside) is claimed once per asset and
 * warranty end date in `asset_warranty_alerts` (INSERT ... ON CONFLICT DO NOTHING RETURNING), and its
 * e-mail jobs to the notification recipients are enqueued in the same transaction (dedupe key
 * `warranty:<asset>:<date>:<to>`). Safe in every API process at once: a concurrent sweep claims
 * nothing and sends nothing. A new warranty end date (extended warranty) alerts again for that date.
 */
import { sql } from 'drizzle-orm';
import { WARRANTY_ALERT_DAYS } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { enqueueJobs, getNotificationEmails, prepareJob, type PreparedJob } from '../../notify';
import { clientNamesOf } from '../clients/port';
import { warrantyAlertEmail, type WarrantyAlertPayload } from './notifications';

/** Most alerts claimed per sweep (the next sweep takes the rest). */
export const WARRANTY_SWEEP_LIMIT = 200;

/** One sweep at `now` (its UTC date) in its own transaction; returns how many alerts it claimed. */
export async function sweepWarrantyAlerts(db: Database, now: Date): Promise<number> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const today = now.toISOString().slice(0, 10);
    const claimed = await rowsOf<{ assetId: string; warrantyEnd: string | Date; assetTag: string; name: string; clientId: string }>(
      tx,
      sql`WITH due AS (
            SELECT a.id, a.warranty_end FROM assets a
            WHERE a.warranty_end IS NOT NULL AND a.status <> 'retired'
              AND a.warranty_end >= ${today}::date AND a.warranty_end <= ${today}::date + ${WARRANTY_ALERT_DAYS}::int
              AND NOT EXISTS (SELECT 1 FROM asset_warranty_alerts w WHERE w.asset_id = a.id AND w.warranty_end = a.warranty_end)
            LIMIT ${WARRANTY_SWEEP_LIMIT}
          ), ins AS (
            INSERT INTO asset_warranty_alerts (asset_id, warranty_end, created_at) SELECT id, warranty_end, ${now.toISOString()}::timestamptz FROM due
            ON CONFLICT DO NOTHING RETURNING asset_id, warranty_end)
          SELECT ins.asset_id AS "assetId", to_char(ins.warranty_end, 'YYYY-MM-DD') AS "warrantyEnd", a.asset_tag AS "assetTag", a.name, a.client_id AS "clientId"
          FROM ins JOIN assets a ON a.id = ins.asset_id`,
    );
    if (claimed.length === 0) return 0;
    const emails = await getNotificationEmails(tx);
    const clients = await clientNamesOf(tx, claimed.map((c) => c.clientId));
    const jobs: PreparedJob[] = [];
    for (const c of claimed) {
      const payload: WarrantyAlertPayload = { assetId: c.assetId, assetTag: c.assetTag, name: c.name, clientName: clients.get(c.clientId) ?? '', warrantyEnd: String(c.warrantyEnd) };
      for (const to of emails) jobs.push(prepareJob(warrantyAlertEmail, { to, payload, dedupeKey: `warranty:${c.assetId}:${payload.warrantyEnd}:${to}` }));
    }
    await enqueueJobs(tx, jobs, now);
    return claimed.length;
  });
}
