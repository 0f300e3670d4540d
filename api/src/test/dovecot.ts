/**
 * A throwaway Dovecot IMAP server for inbound mail tests (docs/inbound-mail.md "Tests"): Debian's
 * `dovecot-imapd` on a temporary config, port and maildir, one user `support` / `secret`, no TLS,
 * stopped and removed by `stop()`. When /usr/sbin/dovecot is missing it is installed with apt-get
 * when running as root (as scripts/ensure-chromium.mjs does for Chromium); otherwise
 * {@link startDovecot} answers `{ skip: reason }` and the test file prints the reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const DOVECOT = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

export interface Dovecot {
  port: number;
  user: string;
  pass: string;
  /** INBOUND_IMAP_URL for this server. */
  url: string;
  stop(): Promise<void>;
}

function installable(): string | null {
  if (fs.existsSync(DOVECOT)) return null;
  if (process.getuid?.() !== 0) return `Dovecot is missing at ${DOVECOT} and this user cannot install it: run apt-get install -y dovecot-imapd as root`;
  const apt = spawnSync('apt-get', ['install', '-y', '-q', 'dovecot-imapd'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt.status !== 0 || !fs.existsSync(DOVECOT)) return 'Dovecot is missing and apt-get install -y dovecot-imapd failed';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited ${child.exitCode}: ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('dovecot did not listen');
}

/** Starts Dovecot (see module doc); `{ skip }` when it cannot be had here. */
export async function startDovecot(): Promise<Dovecot | { skip: string }> {
  const reason = installable();
  if (reason) return { skip: reason };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  fs.chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : process.getuid!();
  const gid = root ? 65534 : process.getgid!();
  for (const sub of ['run', 'mail']) fs.mkdirSync(path.join(dir, sub));
  fs.chownSync(path.join(dir, 'mail'), uid, gid);
  const port = await freePort();
  const user = 'support';
  const pass = 'secret';
  fs.writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${pass}::::::\n`);
  const log = path.join(dir, 'dovecot.log');
  const lines = [
    `base_dir = ${dir}/run`,
    `log_path = ${log}`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `mail_location = maildir:${dir}/mail/%u`,
    `first_valid_uid = ${Math.min(uid, 500)}`,
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
    `userdb {\n  driver = static\n  args = uid=${uid} gid=${gid} home=${dir}/mail/%u\n}`,
    `service imap-login {\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service stats {\n  unix_listener stats-reader {\n    mode = 0666\n  }\n  unix_listener stats-writer {\n    mode = 0666\n  }\n}',
    ...(root ? [] : [`default_internal_user = ${os.userInfo().username}`, `default_login_user = ${os.userInfo().username}`]),
    'imap_max_line_length = 64k',
  ];
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(conf, `${lines.join('\n')}\n`);
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore' });
  try {
    await waitForPort(port, child, log);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    return { skip: `Dovecot could not start: ${err instanceof Error ? err.message : String(err)}` };
  }
  return {
    port,
    user,
    pass,
    url: `imap://${user}:${pass}@127.0.0.1:${port}/INBOX`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
