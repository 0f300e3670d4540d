/**
 * Notification test harness ("real local peers, no mocks of the libraries"): the app wired to
 * an SMTP sink (nodemailer over SMTP_URL), a twilio peer (twilio's client through its `httpClient`
 * option) and a local HTTPS push service (web-push with an agent trusting the test certificate).
 * The dispatcher is not started: tests call `t.notifier.dispatcher.runOnce()` and move `t.clock`
 * instead of sleeping through backoffs.
 */
import { asc } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client';
import { notificationJobs } from '../db/schema';
import type { JobRow } from '../notify/jobs';
import { createWebPush } from '../notify/providers/push';
import { createTwilioSms } from '../notify/providers/sms';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import { PUSH_PEER_HOST, startPushPeer, type PushPeer } from './push-peer';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { startTwilioPeer, type TwilioPeer } from './twilio-peer';

/** Twilio credentials the harness uses (the peer accepts any). */
export const TEST_TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'test-token', from: '+15550001111' };
/** PUBLIC_URL of the harness's app (links in messages). */
export const TEST_PUBLIC_URL = 'https://support.example.test';

export interface NotifyTestApp {
  t: TestApp;
  smtp: SmtpSink;
  sms: TwilioPeer;
  push: PushPeer;
  close(): Promise<void>;
}

/** Starts the peers and an app using them; `close()` everything in afterAll. */
export async function startNotifyTestApp(options: TestAppOptions = {}): Promise<NotifyTestApp> {
  const smtp = await startSmtpSink();
  const sms = await startTwilioPeer();
  const push = await startPushPeer();
  const vapid = webpush.generateVAPIDKeys();
  const t = await startTestApp({
    ...options,
    // The push peer listens on 127.0.0.1, which the endpoint rules refuse unless allowed.
    env: { SMTP_URL: smtp.url, PUBLIC_URL: TEST_PUBLIC_URL, PUSH_ALLOW_HOSTS: PUSH_PEER_HOST, ...options.env },
    notify: {
      ...options.notify,
      providers: {
        sms: createTwilioSms({ ...TEST_TWILIO, countryCode: '1', httpClient: sms.httpClient }),
        push: createWebPush({ keys: () => Promise.resolve(vapid), subject: 'mailto:support@example.com', agent: push.agent, allowHosts: [PUSH_PEER_HOST] }),
        ...options.notify?.providers,
      },
    },
  });
  return {
    t,
    smtp,
    sms,
    push,
    async close() {
      await t.close();
      await Promise.all([smtp.close(), sms.close(), push.close()]);
    },
  };
}

/** Every outbox row, oldest first. */
export async function allJobs(db: Database): Promise<JobRow[]> {
  return db.select().from(notificationJobs).orderBy(asc(notificationJobs.createdAt), asc(notificationJobs.kind), asc(notificationJobs.recipient));
}

/** Saves the support SMS number and adds notification recipients through the admin API. */
export async function configureNotifications(t: TestApp, adminToken: string, opts: { number?: string; emails?: string[] }): Promise<void> {
  if (opts.number) {
    const res = await t.request('POST', '/api/settings/system', { token: adminToken, body: { key: 'support_sms_number', value: opts.number } });
    if (res.status !== 200) throw new Error(`saving the number failed: ${res.status} ${res.text}`);
  }
  for (const email of opts.emails ?? []) {
    const res = await t.request('POST', '/api/settings/notification-emails', { token: adminToken, body: { email } });
    if (res.status !== 200) throw new Error(`adding ${email} failed: ${res.status} ${res.text}`);
  }
}
