/**
 * A local push service for tests: an HTTPS server (self-signed test certificate, trusted only by
 * `agent`) that receives web-push's requests, plus browser-side subscriptions whose keys can decrypt
 * what arrived (RFC 8291 `aes128gcm`), as a browser would.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionBody } from '@portal/shared';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './tls';

/** One request the push service received. */
export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser-side subscription: the JSON the PWA posts, plus the private key to decrypt. */
export interface BrowserSubscription {
  json: PushSubscriptionBody;
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface PushPeer {
  received: ReceivedPush[];
  /** Endpoints that answer 410 Gone (expired subscription). */
  gone: Set<string>;
  /** Endpoints that answer 503 (push service trouble, retried). */
  unavailable: Set<string>;
  /** Endpoints that never answer (a dead push service: the request hangs until the client gives up). */
  hang: Set<string>;
  /** Requests to `hang` endpoints received so far (they get no answer). */
  hanging: number;
  /** HTTPS agent trusting the peer's certificate (pass to createWebPush). */
  agent: https.Agent;
  /** A fresh subscription on this service, as PushSubscription.toJSON() would give it. */
  subscribe(): BrowserSubscription;
  /** Requests received for `sub`'s endpoint, decrypted to their JSON payloads. */
  payloadsFor(sub: BrowserSubscription): unknown[];
  close(): Promise<void>;
}

/** Decrypts an `aes128gcm` web push body (RFC 8188 + RFC 8291) with the subscriber's keys. */
export function decryptPush(body: Buffer, sub: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2); // padding delimiter of the last record
  return plain.subarray(0, end).toString('utf8');
}

/** Host the push peer listens on: loopback, so apps using it need PUSH_ALLOW_HOSTS to include it. */
export const PUSH_PEER_HOST = '127.0.0.1';

/** Starts the push service; `close()` it in afterAll. */
export async function startPushPeer(): Promise<PushPeer> {
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const unavailable = new Set<string>();
  const hang = new Set<string>();
  let origin = '';
  const server = https.createServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = origin + (req.url ?? '');
      if (gone.has(endpoint)) return void res.writeHead(410).end('push subscription has unsubscribed or expired.');
      if (unavailable.has(endpoint)) return void res.writeHead(503).end('try later');
      if (hang.has(endpoint)) {
        peer.hanging += 1;
        return;
      }
      received.push({ endpoint, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201, { location: `${endpoint}/messages/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, PUSH_PEER_HOST, resolve));
  origin = `https://${PUSH_PEER_HOST}:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: TEST_TLS_CERT, keepAlive: false });
  const peer: PushPeer = {
    received,
    gone,
    unavailable,
    hang,
    hanging: 0,
    agent,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const json = {
        endpoint: `${origin}/push/${randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
      return { json, ecdh, authSecret };
    },
    payloadsFor(sub) {
      return received.filter((r) => r.endpoint === sub.json.endpoint).map((r) => JSON.parse(decryptPush(r.body, sub)) as unknown);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}
