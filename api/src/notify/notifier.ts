/**
 * The notification service of one app instance (DESIGN.md 6): providers chosen from the
 * configuration (real libraries; the dev log folder when nothing is configured), the registry of
 * job kinds createApp passes in, and the outbox dispatcher sending through them. createApp builds
 * it; main.ts starts and stops the dispatcher.
 */
import type { NotificationChannel } from '@portal/shared';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createDeliver, type DeliverTuning } from './deliver';
import { Dispatcher, type DispatcherTuning } from './dispatcher';
import { deliveryFaultAlert } from './faultAlert';
import { prepareJob, type JobInput } from './enqueue';
import { insertFinishedJob } from './jobs';
import { createKindRegistry, type AnyJobKind, type JobKind, type KindRegistry } from './kinds';
import { createLogEmail, createSmtpEmail } from './providers/email';
import { createWebPush, loadOrCreateVapidKeys, memoizeAsync } from './providers/push';
import { createLogSms, createTwilioSms } from './providers/sms';
import type { Brand, Providers } from './types';

export interface Notifier {
  dispatcher: Dispatcher;
  providers: Providers;
  brand: Brand;
  /** The job kinds this instance can send. */
  kinds: KindRegistry;
  /**
   * Sends one message of `kind` at once, not queued (e.g. the admin's test SMS), and writes it to
   * the delivery log as a finished job (`sent`, or `failed` with the reason).
   * @returns the provider's detail. @throws the provider's error (after logging the failure).
   */
  sendNow<P extends object, C extends NotificationChannel>(kind: JobKind<P, C>, input: Omit<JobInput<P, C>, 'dueAt' | 'dedupeKey'>): Promise<string>;
  /** Where each channel goes, for the start log, e.g. `email: log /data/outbox-log/mail`. */
  describe(): Record<'email' | 'sms' | 'push', string>;
  /** Stops the dispatcher and closes provider connections. */
  close(): Promise<void>;
}

/** What tests (or another deployment) may replace: any provider, and the dispatcher's tuning. */
export interface NotifyOverrides {
  providers?: Partial<Providers>;
  tuning?: Partial<DispatcherTuning>;
  /** Send timeouts per channel and the push subscription backoff. */
  deliver?: DeliverTuning;
  /** Kinds registered besides the app's (tests of the engine). */
  kinds?: readonly AnyJobKind[];
}

/**
 * The providers DESIGN.md 4a describes: SMTP_URL -> SMTP else .eml files; TWILIO_* -> twilio else
 * sms.jsonl; web push with VAPID keys from the environment or generated once into the settings table.
 */
export function createProviders(config: Config, db: Database, clock: () => Date): Providers {
  const email = config.smtpUrl
    ? createSmtpEmail({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createLogEmail({ dir: config.outboxLogDir, from: config.mailFrom, clock });
  const sms = config.twilio
    ? createTwilioSms({ ...config.twilio, countryCode: config.smsCountryCode })
    : createLogSms({ dir: config.outboxLogDir, countryCode: config.smsCountryCode, clock });
  const vapid = config.vapid;
  const keys = vapid ? () => Promise.resolve(vapid) : memoizeAsync(() => loadOrCreateVapidKeys(db, clock()));
  const push = createWebPush({ keys, subject: config.vapidSubject, allowHosts: config.pushAllowHosts });
  return { email, sms, push };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Builds the notifier; the dispatcher is created stopped (main.ts calls `dispatcher.start()`).
 * `kinds`: every feature's job kinds (api/src/notification-kinds.ts).
 * @throws Error when two kinds share a name.
 */
export function createNotifier(deps: {
  config: Config;
  db: Database;
  logger: Logger;
  clock: () => Date;
  kinds: readonly AnyJobKind[];
  overrides?: NotifyOverrides | undefined;
}): Notifier {
  const { config, db, logger, clock } = deps;
  const custom = deps.overrides?.providers ?? {};
  const defaults = custom.email && custom.sms && custom.push ? null : createProviders(config, db, clock);
  const providers: Providers = {
    email: custom.email ?? defaults!.email,
    sms: custom.sms ?? defaults!.sms,
    push: custom.push ?? defaults!.push,
  };
  const brand: Brand = { appName: config.appName, supportPhone: config.supportPhone, supportEmail: config.supportEmail, publicUrl: config.publicUrl };
  const kinds = createKindRegistry([...deps.kinds, deliveryFaultAlert, ...(deps.overrides?.kinds ?? [])]);
  const deliver = createDeliver({ db, providers, brand, config, registry: kinds, clock, ...(deps.overrides?.deliver ? { tuning: deps.overrides.deliver } : {}) });
  const dispatcher = new Dispatcher({
    db,
    logger,
    clock,
    deliver,
    maxAttempts: config.notifyMaxAttempts,
    pollMs: config.notifyPollSeconds * 1000,
    ...deps.overrides?.tuning,
  });
  return {
    dispatcher,
    providers,
    brand,
    kinds,
    async sendNow(kind, input) {
      const job = prepareJob(kind, input);
      try {
        const detail = await deliver({ kind: kind.kind, channel: job.channel, recipient: job.recipient, payload: job.payload });
        await insertFinishedJob(db, { ...job, status: 'sent', detail, lastError: null }, clock());
        return detail;
      } catch (err) {
        await insertFinishedJob(db, { ...job, status: 'failed', detail: null, lastError: message(err) }, clock());
        throw err;
      }
    },
    describe: () => ({ email: providers.email.description, sms: providers.sms.description, push: providers.push.description }),
    async close() {
      await dispatcher.stop();
      providers.email.close();
    },
  };
}
