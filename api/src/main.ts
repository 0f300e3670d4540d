/**
 * Process entry (DESIGN.md 3): config (.env + environment) -> database (+ migrations) -> bootstrap
 * admin -> notification dispatcher -> listen -> the start's data work in batches (startup-data.ts).
 * A bad environment prints every bad variable and exits 1. SIGINT/SIGTERM close the server, stop the
 * dispatcher (a job it is sending finishes or is retried after its lease) and the database, then exit.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createApp, createServices } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './lib/data-dir-lock';
import { secureDataDir } from './lib/data-dir';
import { purgeExpired } from './db/maintenance';
import { createPasswordHasher } from './lib/passwords';
import { runStartupData } from './startup-data';
import { startTicketSearchQueue } from './features/tickets/port';
import { slaPolicyCacheListener, sweepSlaAlerts } from './features/sla/port';
import { purgeOldInboxItems } from './features/inbox/port';
import { sweepWarrantyAlerts } from './features/assets/port';
import { startRecurringSweep } from './features/recurring/sweep';
import { ensureAdminUser } from './features/users/bootstrap';
import { serveAppBackups, startBackupSchedule } from './features/backup/port';
import { createLimiterStore } from './http/rate-limit-stores';
import { connectSessionCache } from './http/session-cache';
import { createLogger } from './logger';

/** Purge of expired sessions and old idempotency keys, every 6 hours. */
const HOUSEKEEPING_INTERVAL_MS = 6 * 3_600_000;
/** How often each process sweeps for due SLA alerts (docs/sla.md). */
const SLA_SWEEP_INTERVAL_MS = 60_000;

/** Reads the environment, after loading `.env` from the working directory when present (variables already set win). */
function readConfig(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  // Before anything opens DATA_DIR: umask 077, and an older install's loose permissions fixed.
  const tightened = secureDataDir(config.dataDir);
  if (tightened > 0) logger.warn('DATA_DIR permissions tightened: files 0600, folders 0700', { dataDir: config.dataDir, entries: tightened });
  let database;
  try {
    database = await openDatabase({
      ...config,
      onPoolError: (err) => logger.warn('database connection error', { error: err.message }),
      onLockCompromised: (err) => {
        // Another process took DATA_DIR (it removed or touched our lock): stop writing at once.
        process.stderr.write(`The DATA_DIR lock was lost (${err.message}): stopping so that two processes never write one embedded database.\n`);
        process.exit(1);
      },
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  logger.info('database ready', { driver: database.driver });

  const admin = await ensureAdminUser(database.db, createPasswordHasher(), config.adminPassword, new Date());
  if (admin.generatedPassword) process.stdout.write(`Admin password: ${admin.generatedPassword}\n`);
  else if (admin.created) logger.info('admin user created with ADMIN_PASSWORD');

  const housekeeping = () =>
    Promise.all([purgeExpired(database.db, new Date()), purgeOldInboxItems(database.db, new Date())]).then(
      ([removed, inboxItems]) => logger.debug('housekeeping', { ...removed, inboxItems }),
      (err: unknown) => logger.warn('housekeeping failed', { error: String(err) }),
    );
  await housekeeping();
  const housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  housekeepingTimer.unref();

  const limiterStore = createLimiterStore(config, logger);
  logger.info('rate limits', { store: limiterStore.factory ? config.rateLimitStore : 'memory' });
  const deps = { config, db: database.db, logger, limiterFactory: limiterStore.factory, limiterHealth: limiterStore.health };
  const services = createServices(deps);
  const app = createApp(deps, services);
  const { notifier } = services;
  const stopSessionEvents = await connectSessionCache(services.sessionCache, database.sessionEvents, [slaPolicyCacheListener(database.db)]);
  // `npm run backup` on the embedded database asks this process (docs/backup.md).
  const stopBackupSocket = await serveAppBackups(services);
  // The admin's daily backup (docs/backup.md "Scheduled backups"): each process checks, one claims the day.
  const stopBackupSchedule = startBackupSchedule(services);
  notifier.dispatcher.start();
  // SLA alerts: every process sweeps; each alert is claimed once (sla_alerts), then sent by the dispatcher.
  const slaSweep = () =>
    sweepSlaAlerts(database.db, new Date(), services.events).then(
      (claimed) => {
        if (claimed > 0) notifier.dispatcher.wake();
      },
      (err: unknown) => logger.warn('SLA alert sweep failed', { error: String(err) }),
    );
  // Warranty alerts (docs/assets.md): the same way, once per asset and warranty end date (asset_warranty_alerts).
  const warrantySweep = () =>
    sweepWarrantyAlerts(database.db, new Date()).then(
      (claimed) => {
        if (claimed > 0) notifier.dispatcher.wake();
      },
      (err: unknown) => logger.warn('warranty alert sweep failed', { error: String(err) }),
    );
  const slaTimer = setInterval(() => void slaSweep().then(warrantySweep), SLA_SWEEP_INTERVAL_MS).unref();
  const stopSearchQueue = startTicketSearchQueue(database.db, logger); // renames' search rows, in batches (docs/search.md)
  const stopRecurringSweep = startRecurringSweep({ db: database.db, events: services.events, fallbackEmail: config.supportEmail, logger, wake: () => notifier.dispatcher.wake() }, SLA_SWEEP_INTERVAL_MS); // docs/recurring-tickets.md
  logger.info('notifications', notifier.describe());
  await services.inbound.start(() => notifier.dispatcher.wake());
  logger.info('inbound mail', { imap: config.inbound.imap ? `${config.inbound.imap.host}:${config.inbound.imap.port}/${config.inbound.imap.mailbox}` : 'off', smtpPort: config.inbound.smtp?.port ?? 'off' });
  // The key id only (derived from the key, reveals nothing about it), never the key.
  logger.info('vault keys', { source: services.vaultKeys.source, currentKeyId: services.vaultKeys.current().id, keys: services.vaultKeys.ids().length });
  logger.info('file storage', { kind: services.storage.kind, location: services.storage.describe(), uploadMaxBytes: config.uploadMaxBytes });
  const server = http.createServer(app.callback());
  server.on('error', (err: NodeJS.ErrnoException) => {
    const hint = err.code === 'EADDRINUSE' ? ` (port ${config.port} is in use; set PORT)` : '';
    process.stderr.write(`Server error: ${err.message}${hint}\n`);
    void notifier
      .close()
      .then(() => database.close())
      .finally(() => process.exit(1));
  });
  server.listen(config.port, () => {
    logger.info('listening', { url: config.publicUrl, port: config.port });
    // Counts, SLA due times and search rows of older tickets: after listening, in batches (startup-data.ts).
    void runStartupData(database.db, logger);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    clearInterval(housekeepingTimer);
    clearInterval(slaTimer);
    stopSearchQueue();
    stopRecurringSweep();
    stopBackupSchedule();
    server.close(() => {
      stopBackupSocket()
        .then(() => services.inbound.close())
        .then(() => notifier.close())
        .then(() => services.storage.close())
        .then(() => stopSessionEvents())
        .then(() => limiterStore.close())
        .then(() => database.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
