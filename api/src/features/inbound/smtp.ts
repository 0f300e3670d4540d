/**
 * The optional SMTP listener (INBOUND_SMTP_PORT, docs/inbound-mail.md "Direct SMTP"): accepts mail
 * only for the support addresses (others: 550 at RCPT TO), refuses messages over INBOUND_MAX_BYTES
 * (SIZE advertised; 552 when exceeded, the sender's server keeps and bounces it), and answers 250
 * only after the message is stored (importer.ts), so an accepted message is never lost. No TLS and
 * no spam filtering here: a relay or MX in front does both.
 */
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { createGate } from '../../lib/concurrency';
import { importMessage, type ImportContext, type ImportOutcome } from './importer';

/**
 * Memory bound (issue 55): at most SMTP_MAX_CLIENTS connections, each holding at most one message of
 * INBOUND_MAX_BYTES, and at most SMTP_IMPORTS messages parsed at once; the rest wait their turn.
 */
export const SMTP_MAX_CLIENTS = 8;
const SMTP_IMPORTS = 2;

/** What `collectCapped` read: the message (null when over the limit), its size, and the most bytes it ever held. */
export interface CappedRead {
  raw: Buffer | null;
  size: number;
  peakHeld: number;
}

/**
 * Reads a DATA stream to its end keeping at most `maxBytes` (issue 55: seven 24 MiB mails raised
 * memory by 500 MiB). The stream is drained to its end, as SMTP needs the final dot before it can
 * answer 552, but past the limit nothing is kept: the chunks held so far are dropped at once and
 * every later chunk is discarded, so a message of any size costs at most `maxBytes` here.
 */
export function collectCapped(stream: NodeJS.ReadableStream, maxBytes: number): Promise<CappedRead> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let peakHeld = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        chunks = [];
        return;
      }
      chunks.push(c);
      peakHeld = size;
    });
    stream.on('error', reject);
    stream.on('end', () => {
      const raw = size > maxBytes ? null : Buffer.concat(chunks);
      chunks = [];
      resolve({ raw, size, peakHeld });
    });
  });
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Starts the listener on `host:port` (port 0 = any free port, tests). `onImported` sees each outcome. */
export async function startSmtpListener(opts: {
  db: Database;
  host: string;
  port: number;
  addresses: readonly string[];
  rules: ImportContext;
  clock: () => Date;
  logger?: Logger;
  onImported?: (o: ImportOutcome) => void;
}): Promise<SmtpListener> {
  const accepted = new Set(opts.addresses.map((a) => a.toLowerCase()));
  // Loaded when the listener starts: a desk without inbound mail never holds smtp-server (docs/decisions.md "API memory").
  const { SMTPServer } = await import('smtp-server');
  const imports = createGate(SMTP_IMPORTS);
  const server = new SMTPServer({
    maxClients: SMTP_MAX_CLIENTS,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: opts.rules.maxBytes,
    banner: 'support mail',
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!accepted.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      void collectCapped(stream, opts.rules.maxBytes).then((got) => {
        if (!got.raw || (stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error(`Message too large: the limit is ${opts.rules.maxBytes} bytes`), { responseCode: 552 }));
        }
        const raw = got.raw;
        imports.run(() => importMessage(opts.db, raw, opts.rules, opts.clock())).then(
          (o) => {
            opts.onImported?.(o);
            callback();
          },
          (err: unknown) => {
            opts.logger?.error('inbound mail: could not store an SMTP message', { error: err instanceof Error ? err.message : String(err) });
            callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }));
          },
        );
      }, (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  server.on('error', (err) => opts.logger?.warn('inbound mail: SMTP listener error', { error: err.message }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
