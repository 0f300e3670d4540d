/**
 * How `npm run backup` reaches a running app on the embedded database (docs/backup.md "PGlite"):
 * PGlite's folder is locked by the app, so the app itself writes the archive. It listens on a Unix
 * socket `DATA_DIR/backup.sock` (inside the 0700 data folder: only the service user can connect,
 * which is the same user that could read the folder; nothing listens on the network). The script
 * sends one JSON line `{ file, passphrase }`; the app answers one line `{ ok: true, report }` or
 * `{ ok: false, message }`. The passphrase is never logged.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BackupReport } from './backup';

/** Name of the socket in DATA_DIR. */
export const SOCKET_NAME = 'backup.sock';

/** Path of the socket of a data folder. */
export const socketPath = (dataDir: string) => path.join(dataDir, SOCKET_NAME);

/** One request over the socket. */
export interface SocketRequest {
  file: string;
  passphrase: string;
}

type Answer = { ok: true; report: BackupReport } | { ok: false; message: string };

/**
 * Listens on the data folder's socket; `run` writes the backup. A socket file left by a crashed app
 * is replaced (the caller holds the DATA_DIR lock, so no live app owns it).
 * @returns close() removing the socket.
 */
export async function serveBackupSocket(dataDir: string, run: (req: SocketRequest) => Promise<BackupReport>): Promise<{ close(): Promise<void> }> {
  const file = socketPath(dataDir);
  fs.rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let text = '';
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (part: string) => {
      text += part;
      const nl = text.indexOf('\n');
      if (nl < 0) {
        if (text.length > 64 * 1024) conn.destroy();
        return;
      }
      conn.removeAllListeners('data');
      let req: SocketRequest;
      try {
        req = JSON.parse(text.slice(0, nl)) as SocketRequest;
        if (typeof req.file !== 'string' || typeof req.passphrase !== 'string' || !path.isAbsolute(req.file)) throw new Error('bad request');
      } catch {
        conn.end(`${JSON.stringify({ ok: false, message: 'Bad backup request.' } satisfies Answer)}\n`);
        return;
      }
      run(req).then(
        (report) => conn.end(`${JSON.stringify({ ok: true, report } satisfies Answer)}\n`),
        (err: unknown) => conn.end(`${JSON.stringify({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies Answer)}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/**
 * Asks the app running on `dataDir` to write a backup.
 * @returns the report, or null when no app listens there (no socket, or a stale one).
 * @throws Error with the app's message when the app tried and failed.
 */
export function requestBackup(dataDir: string, req: SocketRequest): Promise<BackupReport | null> {
  const file = socketPath(dataDir);
  if (!fs.existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(file);
    let text = '';
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write(`${JSON.stringify(req)}\n`);
    });
    conn.on('data', (part: string) => (text += part));
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(null);
      else reject(new Error(`The running app did not answer the backup request: ${err.message}`));
    });
    conn.on('end', () => {
      try {
        const answer = JSON.parse(text) as Answer;
        if (answer.ok) resolve(answer.report);
        else reject(new Error(answer.message));
      } catch {
        reject(new Error('The running app closed the backup request without an answer.'));
      }
    });
  });
}
