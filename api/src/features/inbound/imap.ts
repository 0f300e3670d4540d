/**
 * Mailbox fetching with imapflow (docs/inbound-mail.md): each pass lists the messages without the
 * `$PortalImported` keyword, imports each (importer.ts stores first, keyed by Message-ID) and only
 * then flags it `\Seen` + `$PortalImported`; a message over the size limit is recorded without
 * being downloaded. Between passes the connection IDLEs when the server offers IDLE (a new
 * message wakes the worker at once), else it polls every
 * INBOUND_POLL_SECONDS. Nothing is deleted from the mailbox.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ImapFlow } from 'imapflow';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import type { ImapSettings } from '../../config';
import { importMessage, refuseTooLarge, type ImportContext, type ImportOutcome } from './importer';

/** The keyword of a handled message. */
export const IMPORTED_FLAG = '$PortalImported';

const run = promisify(execFile);

/** An XOAUTH2 access token: from the token command's stdout, or Microsoft's client-credentials grant. @throws Error without the secret. */
export async function accessToken(auth: ImapSettings['auth']): Promise<string | undefined> {
  if (auth.kind === 'password') return undefined;
  if (auth.kind === 'token-command') {
    const { stdout } = await run('sh', ['-c', auth.command], { timeout: 30_000, maxBuffer: 64 * 1024 }).catch((err: { code?: unknown }) => {
      // The command line may hold a secret: the error names only the exit code.
      throw new Error(`INBOUND_IMAP_TOKEN_COMMAND failed (exit ${String(err.code ?? 'unknown')})`);
    });
    const token = stdout.trim();
    if (!token) throw new Error('INBOUND_IMAP_TOKEN_COMMAND printed no token');
    return token;
  }
  const res = await fetch(`https://login.microsoftonline.com/${encodeURIComponent(auth.tenant)}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: auth.clientId, client_secret: auth.clientSecret, scope: 'https://outlook.office365.com/.default' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`Microsoft token endpoint answered ${res.status}`);
  return body.access_token;
}

/** A connected client (not yet in a mailbox). @throws on connection or login failure. */
export async function connectImap(s: ImapSettings): Promise<ImapFlow> {
  const token = await accessToken(s.auth);
  // Loaded on the first connection: a desk without inbound mail never holds imapflow (docs/decisions.md "API memory").
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: token ? { user: s.user, accessToken: token } : { user: s.user, pass: s.auth.kind === 'password' ? s.auth.pass : '' },
    logger: false,
    maxIdleTime: s.pollSeconds * 1000,
  });
  await client.connect();
  return client;
}

/** Counts of one fetch pass. */
export interface FetchReport {
  seen: number;
  outcomes: ImportOutcome[];
}

/** Test hooks: `afterStore` runs between the import and the flag (a crash there must import once). */
export interface FetchHooks {
  afterStore?: (uid: number) => Promise<void> | void;
}

/** One pass over the open mailbox `s.mailbox` (see module doc). */
export async function fetchOnce(db: Database, client: ImapFlow, s: ImapSettings, rules: ImportContext, clock: () => Date, hooks: FetchHooks = {}): Promise<FetchReport> {
  const lock = await client.getMailboxLock(s.mailbox);
  try {
    await client.noop(); // lets the server report messages delivered since the last command
    const uids = ((await client.search({ unKeyword: IMPORTED_FLAG }, { uid: true })) || []) as number[];
    const sizes = new Map<number, number>();
    if (uids.length > 0) {
      for await (const m of client.fetch(uids, { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
    }
    const outcomes: ImportOutcome[] = [];
    for (const uid of uids) {
      const size = sizes.get(uid) ?? 0;
      let outcome: ImportOutcome;
      if (size > rules.maxBytes) {
        outcome = await refuseTooLarge(db, size, rules);
      } else {
        const msg = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!msg || !msg.source) continue;
        outcome = await importMessage(db, msg.source, rules, clock());
      }
      outcomes.push(outcome);
      await hooks.afterStore?.(uid);
      await client.messageFlagsAdd(String(uid), ['\\Seen', IMPORTED_FLAG], { uid: true });
    }
    return { seen: uids.length, outcomes };
  } finally {
    lock.release();
  }
}

/** What the admin screen shows (per process). */
export interface InboundStatus {
  configured: boolean;
  connected: boolean;
  idle: boolean;
  lastFetchAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  imported: number;
}

/** The long-running fetcher of one process: reconnects after errors (backoff up to 5 minutes). */
export class ImapWorker {
  readonly status: InboundStatus = { configured: true, connected: false, idle: false, lastFetchAt: null, lastError: null, lastErrorAt: null, imported: 0 };
  private stopped = false;
  private client: ImapFlow | undefined;
  private wake: (() => void) | undefined;
  private done: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly settings: ImapSettings,
    private readonly rules: ImportContext,
    private readonly clock: () => Date,
    private readonly logger?: Logger,
    private readonly onImported: () => void = () => {},
  ) {}

  start(): void {
    this.done ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.client?.logout().catch(() => undefined);
    await this.done;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    let backoff = 5_000;
    while (!this.stopped) {
      try {
        const client = (this.client = await connectImap(this.settings));
        client.on('error', () => undefined);
        client.on('exists', () => this.wake?.());
        await client.mailboxOpen(this.settings.mailbox);
        this.status.connected = true;
        this.status.idle = client.capabilities.has('IDLE');
        backoff = 5_000;
        while (!this.stopped && client.usable) {
          const report = await fetchOnce(this.db, client, this.settings, this.rules, this.clock);
          this.status.lastFetchAt = this.clock().toISOString();
          const made = report.outcomes.filter((o) => o.kind === 'ticket' || o.kind === 'reply').length;
          this.status.imported += made;
          if (made > 0) this.onImported();
          // IDLE at once (imapflow would start it only after 15 s without commands); the next
          // command (the following pass) ends it. A new message ('exists') ends the pause.
          if (this.status.idle) client.idle().catch(() => undefined);
          await this.pause(this.settings.pollSeconds * 1000);
        }
      } catch (err) {
        this.status.lastError = err instanceof Error ? err.message : String(err);
        this.status.lastErrorAt = this.clock().toISOString();
        this.logger?.warn('inbound mail: mailbox error', { error: this.status.lastError });
      } finally {
        this.status.connected = false;
        await this.client?.logout().catch(() => undefined);
        this.client = undefined;
      }
      if (!this.stopped) await this.pause(backoff);
      backoff = Math.min(backoff * 2, 300_000);
    }
  }
}
