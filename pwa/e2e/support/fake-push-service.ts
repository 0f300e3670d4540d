/**
 * A local stand-in for Chromium's push service registration (Google's GCM/FCM servers, which this
 * offline machine cannot reach), so `pushManager.subscribe()` really runs in the browser under test.
 *
 * Chromium registers a push subscription in two HTTP steps, both of which it lets a command-line
 * flag redirect (google_apis/gcm/engine/gservices_switches.cc):
 * - `--gcm-checkin-url`: device check-in, a protobuf `AndroidCheckinResponse`; we answer
 *   `stats_ok = true, android_id, security_token` (fields 1, 7, 8);
 * - `--gcm-registration-url`: a form POST per subscription (its `sender` is the VAPID key), answered
 *   with `token=<id>`; the subscription's endpoint becomes `https://<fcm host>/fcm/send/<id>`.
 * `--gcm-mcs-endpoint` (the message socket) points at a closed port: messages are never delivered
 * this way (tests deliver with CDP `ServiceWorker.deliverPushMessage`). `mode = 'fail'` answers the
 * registration with `Error=INVALID_SENDER`, which Chromium reports as a failed subscribe at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakePushService {
  /** Chromium flags that point its push registration here. */
  chromiumArgs: string[];
  /** Registration requests seen (form fields), in order. */
  registrations: URLSearchParams[];
  /** 'ok' registers, 'fail' refuses every registration. */
  mode: 'ok' | 'fail';
  stop(): Promise<void>;
}

/** The fixed-size protobuf of a successful check-in: stats_ok, android_id and security_token. */
function checkinResponse(): Buffer {
  const b = Buffer.alloc(2 + 9 + 9);
  b[0] = 0x08; // field 1 (stats_ok), varint
  b[1] = 0x01;
  b[2] = 0x39; // field 7 (android_id), fixed64
  b.writeBigUInt64LE(4_242_424_242_424n, 3);
  b[11] = 0x41; // field 8 (security_token), fixed64
  b.writeBigUInt64LE(7_777_777_777_777n, 12);
  return b;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startFakePushService(): Promise<FakePushService> {
  let counter = 0;
  const service: FakePushService = { chromiumArgs: [], registrations: [], mode: 'ok', stop: async () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith('/checkin')) {
        res.setHeader('content-type', 'application/x-protobuf');
        res.end(checkinResponse());
        return;
      }
      if (req.url?.startsWith('/register')) {
        const form = new URLSearchParams(body.toString('utf8'));
        service.registrations.push(form);
        res.setHeader('content-type', 'text/plain');
        // The first registration of a profile is Chromium's own (app=com.google.android.gms).
        const ours = form.get('X-subtype') !== null;
        res.end(service.mode === 'fail' && ours ? 'Error=INVALID_SENDER' : `token=e2e-${Date.now()}-${(counter += 1)}`);
        return;
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  service.chromiumArgs = [`--gcm-checkin-url=${url}/checkin`, `--gcm-registration-url=${url}/register`, '--gcm-mcs-endpoint=https://127.0.0.1:9'];
  service.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return service;
}
