/**
 * A real SMTP server for tests (the npm `smtp-server` package) that nodemailer delivers to. A small
 * TCP front on its own port can be switched `down` (connections are cut at once, like a server that
 * is off) and `up` again without changing the port the app was configured with.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One received message: envelope, raw MIME and a decoded view for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Subject header, unfolded. */
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded (for `toContain`). */
  decoded: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<front port>` for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Recipients that answer `550` (permanent rejection). */
  rejectRecipients: Set<string>;
  down(): void;
  up(): void;
  /** Messages whose envelope includes `address`. */
  to(address: string): ReceivedMail[];
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Decodes quoted-printable escapes and soft line breaks (nodemailer's text/html encoding); CRLF -> LF. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Starts the sink; `close()` it in afterAll. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.has(address.address)) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '',
          decoded: decodeQuotedPrintable(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  const backPort = await listen(server.server);
  let isDown = false;
  const sockets = new Set<net.Socket>();
  const front = net.createServer((client) => {
    if (isDown) return client.destroy();
    const back = net.connect(backPort, '127.0.0.1');
    sockets.add(client).add(back);
    client.pipe(back).pipe(client);
    const end = () => {
      client.destroy();
      back.destroy();
      sockets.delete(client);
      sockets.delete(back);
    };
    client.on('error', end).on('close', end);
    back.on('error', end).on('close', end);
  });
  const port = await listen(front);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients,
    down() {
      isDown = true;
      for (const s of sockets) s.destroy();
    },
    up() {
      isDown = false;
    },
    to: (address) => messages.filter((m) => m.to.includes(address)),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
