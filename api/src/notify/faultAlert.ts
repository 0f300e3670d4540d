/**
 * The engine's own alert (issue 56): when a job's message cannot be built (RenderFaultError, a fault
 * in the portal's code), the job ends `failed` at once and every administrator with an e-mail
 * address is told, once per job kind and UTC day (dedupe key `<kind>:<day>`), so a broken template
 * that fails a hundred jobs sends one alert a day, not a hundred. Without an admin e-mail address the
 * notification recipients (SPEC.md 7) are told instead. The alert's own failure alerts nobody (no loop).
 * This is the one job kind notify/ defines itself: it names no feature, and createNotifier registers it.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { enqueueJobs, prepareJob } from './enqueue';
import { defineJobKind } from './kinds';
import { getNotificationEmails } from './recipients';
import { emailContent, portalLink } from './templates/layout';

/** Facts of a fault alert: the failed job's kind, id, summary and the error's message. */
export interface DeliveryFaultPayload {
  failedKind: string;
  jobId: string;
  summary: string;
  detail: string;
}

/** Path of the delivery log on /admin/settings ("Recent Deliveries"). */
const DELIVERIES_PATH = '/admin/settings';

/** E-mail to an administrator: a message could not be built; what failed and where to look. */
export const deliveryFaultAlert = defineJobKind<DeliveryFaultPayload, 'email'>({
  kind: 'delivery_fault_admin',
  channel: 'email',
  summary: (p) => `Admin alert: ${p.failedKind} messages cannot be built`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: `Admin alert: a message could not be sent (${p.failedKind})`,
        title: 'A message could not be sent',
        blocks: [
          { type: 'p', text: `The portal could not build a "${p.failedKind}" message, so it was not sent and will not be retried: this is a fault in the portal's code, not in the mail, SMS or push provider.` },
          { type: 'fields', rows: [['Message', p.summary], ['Job', p.jobId], ['Error', p.detail]] },
          { type: 'p', text: 'Other messages of this kind fail the same way until the portal is updated. After the update, use Retry on the failed deliveries to send them.' },
          { type: 'button', label: 'Open Recent Deliveries', url: portalLink(brand, DELIVERIES_PATH) },
        ],
      },
      brand,
    ),
});

/** E-mail addresses of the enabled administrators, sorted. */
async function adminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.email), isNull(users.disabledAt)));
  return [...new Set(rows.map((r) => r.email!.trim().toLowerCase()).filter((e) => e.length > 0))].sort();
}

/**
 * Writes the fault alert for a job that could not be built (module doc). No-op for a failure of the
 * alert itself. @returns how many alert jobs were written (0 when today's alert for the kind exists).
 */
export async function alertAdminsOfFault(db: Database, job: { id: string; kind: string; summary: string }, detail: string, now: Date): Promise<number> {
  if (job.kind === deliveryFaultAlert.kind) return 0;
  const admins = await adminEmails(db);
  const to = admins.length ? admins : await getNotificationEmails(db);
  const day = now.toISOString().slice(0, 10);
  const payload: DeliveryFaultPayload = { failedKind: job.kind, jobId: job.id, summary: job.summary, detail: detail.slice(0, 500) };
  return enqueueJobs(db, to.map((address) => prepareJob(deliveryFaultAlert, { to: address, payload, dedupeKey: `${job.kind}:${day}:${address}` })), now);
}
