/**
 * SMS providers (DESIGN.md 4a, 6):
 * - TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM set: the twilio library's Messages API. TWILIO_FROM
 *   is a number (`+15551234567`) or a messaging service SID (`MG...`). Numbers are converted to E.164
 *   with SMS_COUNTRY_CODE. An injected `httpClient` (twilio's own RequestClient) lets tests point the
 *   library at a local server.
 * - unset (the `npm start` default): each SMS is appended as one JSON line to
 *   `DATA_DIR/outbox-log/sms.jsonl` (file 0600) and counts as delivered.
 * Failures: an unusable number and twilio 400/404 answers are permanent; the rest are retried.
 * The twilio library (about 3.5 MB of the API's heap) is loaded on the first send, not at start:
 * a desk without TWILIO_* never loads it (docs/decisions.md "API memory").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type twilio from 'twilio';
import { toE164 } from '../phone';
import type { SendResult, SmsMessage, SmsProvider } from '../types';
import { PermanentError } from '../types';
import { logFolder } from './log-folder';

/** twilio's HTTP client type (its RequestClient class). */
export type TwilioHttpClient = InstanceType<typeof twilio.RequestClient>;

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Country calling code for national numbers (config SMS_COUNTRY_CODE). */
  countryCode: string;
  httpClient?: TwilioHttpClient;
}

/** Request timeout of twilio calls in ms (below the dispatcher's lease). */
const TWILIO_TIMEOUT_MS = 30_000;

/** Sends through twilio (see module doc). */
export function createTwilioSms(opts: TwilioOptions): SmsProvider {
  let client: ReturnType<typeof twilio> | undefined;
  const clientOnce = async () => {
    if (!client) {
      const { default: library } = await import('twilio');
      client = library(opts.accountSid, opts.authToken, {
        httpClient: opts.httpClient ?? new library.RequestClient({ timeout: TWILIO_TIMEOUT_MS }),
      });
    }
    return client;
  };
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    description: `twilio ${opts.from}`,
    async send(m: SmsMessage): Promise<SendResult> {
      const to = toE164(m.to, opts.countryCode);
      if (!to) throw new PermanentError(`Not a usable phone number: ${m.to}`);
      try {
        const message = await (await clientOnce()).messages.create({ to, body: m.body, ...sender });
        return { detail: `twilio ${message.sid} ${message.status} to ${to}` };
      } catch (err) {
        const e = err as { status?: number; code?: number; message?: string };
        const reason = `twilio${e.status ? ` ${e.status}` : ''}${e.code ? ` (error ${e.code})` : ''}: ${e.message ?? String(err)}`;
        if (e.status === 400 || e.status === 404) throw new PermanentError(reason);
        throw new Error(reason, { cause: err });
      }
    },
  };
}

/** Appends each SMS to `dir/sms.jsonl` (see module doc). */
export function createLogSms(opts: { dir: string; countryCode: string; clock?: () => Date }): SmsProvider {
  const file = path.join(opts.dir, 'sms.jsonl');
  const intoDir = logFolder(opts.dir);
  return {
    description: `log ${file}`,
    async send(m: SmsMessage): Promise<SendResult> {
      const time = (opts.clock ?? (() => new Date()))().toISOString();
      const line = JSON.stringify({ time, to: m.to, e164: toE164(m.to, opts.countryCode), body: m.body });
      await intoDir(() => fs.appendFile(file, `${line}\n`, { mode: 0o600 }));
      return { detail: `appended to ${file} (no TWILIO_* configured)` };
    },
  };
}
