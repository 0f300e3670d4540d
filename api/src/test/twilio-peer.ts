/**
 * A local stand-in for twilio's REST API for tests: a node:http server that answers the Messages
 * endpoint like twilio does, plus a twilio RequestClient (the library's own HTTP client, passed as
 * the `httpClient` option) that sends the library's requests to this server instead of
 * https://api.twilio.com.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type BaseRequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioHttpClient } from '../notify/providers/sms';

/** One SMS the peer received (form fields of `POST /2010-04-01/Accounts/{sid}/Messages.json`). */
export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** `Basic ...` header (account SID + auth token). */
  authorization: string;
}

export interface TwilioPeer {
  messages: ReceivedSms[];
  /** Next answers to give (status + twilio error body); empty -> 201 success. */
  failures: { status: number; code: number; message: string }[];
  httpClient: TwilioHttpClient;
  close(): Promise<void>;
}

/** Starts the peer; `close()` it in afterAll. */
export async function startTwilioPeer(): Promise<TwilioPeer> {
  const messages: ReceivedSms[] = [];
  const failures: TwilioPeer['failures'] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure.status).end(JSON.stringify({ ...failure, more_info: 'https://www.twilio.com/docs/errors' }));
        return;
      }
      const form = new URLSearchParams(raw);
      const sms: ReceivedSms = {
        accountSid: match[1]!,
        to: form.get('To') ?? '',
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        authorization: req.headers.authorization ?? '',
      };
      messages.push(sms);
      counter += 1;
      const sid = `SM${String(counter).padStart(32, '0')}`;
      res.writeHead(201).end(JSON.stringify({ sid, status: 'queued', to: sms.to, from: sms.from, body: sms.body, account_sid: sms.accountSid }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** twilio's RequestClient with the API origin replaced by the local server. */
  class LocalRequestClient extends twilio.RequestClient {
    override request<T>(opts: BaseRequestClient.RequestOptions<T>) {
      return super.request<T>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, base) });
    }
  }

  return {
    messages,
    failures,
    httpClient: new LocalRequestClient(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
