/**
 * Backup settings (admin only; docs/backup.md "Scheduled backups"):
 * - GET /api/admin/backup           -> BackupOverview: the schedule, the last backup, whether the
 *   server has BACKUP_PASSPHRASE (never the passphrase), and BACKUP_DIR.
 * - PUT /api/admin/backup/schedule  backupScheduleSchema -> 200 BackupOverview; logged in the
 *   activity log ('Changed the backup schedule').
 */
import Router from '@koa/router';
import { backupScheduleSchema, type BackupOverview } from '@portal/shared';
import type { Database } from '../../db/client';
import { event } from '../../events';
import { actorOf } from '../../http/actor';
import { requireAdmin } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { readLastBackup, readSchedule, saveSchedule } from './status';

async function overview(s: Services, db: Database): Promise<BackupOverview> {
  return { schedule: await readSchedule(db), last: await readLastBackup(db), passphraseSet: Boolean(s.config.backup.passphrase), dir: s.config.backup.dir };
}

export function backupRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const scheduleInput = validate({ body: backupScheduleSchema });

  router.get('/api/admin/backup', requireAdmin(), async (ctx) => {
    ctx.body = await overview(s, s.db);
  });

  router.put('/api/admin/backup/schedule', requireAdmin(), scheduleInput, transaction(s), async (ctx) => {
    const tx = txOf(ctx);
    await saveSchedule(tx, scheduleInput.get(ctx).body, s.clock());
    await s.events.emit(tx, [event('settings.changed', { area: 'backup_schedule', key: null, action: 'set' }, s.clock(), actorOf(ctx))]);
    ctx.body = await overview(s, tx);
  });
  return router;
}
