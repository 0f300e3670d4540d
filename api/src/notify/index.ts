/**
 * The notification service of one app instance (issue 4, DESIGN.md 6): providers chosen from the
 * configuration (real libraries; the dev log folder when nothing is configured) and the outbox
 * dispatcher sending through them. createApp builds it; main.ts starts and stops the dispatcher.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createDeliver, type DeliverTuning } from './deliver';
import { Dispatcher, type DispatcherTuning } from './dispatcher';
import { createLogEmail, createSmtpEmail } from './providers/email';
import { createWebPush, loadOrCreateVapidKeys, memoizeAsync } from './providers/push';
import { createLogSms, createTwilioSms } from './providers/sms';
import { createSurveyLinks, type SurveyLinks } from './survey-links';
import type { Brand, Providers } from './types';

export interface Notifier {
  dispatcher: Dispatcher;
  providers: Providers;
  brand: Brand;
  /** Survey link tokens (issue 11): the surveys feature stores their hash, the dispatcher renders them. */
  surveyLinks: SurveyLinks;
  /** Where each channel goes, for the start log, e.g. `email: log /data/outbox-log/mail`. */
  describe(): Record<'email' | 'sms' | 'push', string>;
  /** Stops the dispatcher and closes provider connections. */
  close(): Promise<void>;
}

/** What tests (or another deployment) may replace: any provider, and the dispatcher's tuning. */
export interface NotifyOverrides {
  providers?: Partial<Providers>;
  tuning?: Partial<DispatcherTuning>;
  /** Send timeouts per channel and the push subscription backoff (issue 17). */
  deliver?: DeliverTuning;
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

/** Builds the notifier; the dispatcher is created stopped (main.ts calls `dispatcher.start()`). */
export function createNotifier(deps: {
  config: Config;
  db: Database;
  logger: Logger;
  clock: () => Date;
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
  const surveyLinks = createSurveyLinks({ secret: config.surveySecret, dataDir: config.dataDir });
  const dispatcher = new Dispatcher({
    db,
    logger,
    clock,
    deliver: createDeliver({ db, providers, brand, surveyLinks, clock, ...(deps.overrides?.deliver ? { tuning: deps.overrides.deliver } : {}) }),
    maxAttempts: config.notifyMaxAttempts,
    pollMs: config.notifyPollSeconds * 1000,
    ...deps.overrides?.tuning,
  });
  return {
    dispatcher,
    providers,
    brand,
    surveyLinks,
    describe: () => ({ email: providers.email.description, sms: providers.sms.description, push: providers.push.description }),
    async close() {
      await dispatcher.stop();
      providers.email.close();
    },
  };
}
