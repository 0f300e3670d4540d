/**
 * The inbound mail runtime of one process (docs/inbound-mail.md): the IMAP worker when
 * INBOUND_IMAP_URL is set, the SMTP listener when INBOUND_SMTP_PORT is set. main.ts calls
 * `start()` and `close()`; the admin routes read `status()`. Built unstarted by createServices, so
 * tests and the admin routes work without a mailbox.
 */
import type { ImportContext } from './importer';
import type { Services } from '../../services';
import type { StatusLinkDeps } from '../tickets/port';
import type { InboundMailStatus } from '@portal/shared';
import type { InboundConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import type { EventBus } from '../../events';
import { ImapWorker, connectImap } from './imap';
import { startSmtpListener, type SmtpListener } from './smtp';

export class InboundRuntime {
  private worker: ImapWorker | undefined;
  private smtp: SmtpListener | undefined;

  constructor(
    readonly config: InboundConfig,
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** The app's event bus: a mail's new ticket or reply is emitted in its transaction. */
    private readonly events: EventBus,
    /** How tickets from mail get their status link (the app's public token key). */
    private readonly statusLinks?: StatusLinkDeps,
    /** Where the mail's files go (the attachments feature's storage and limits of this app's config). */
    private readonly files?: Pick<Services, 'config'>,
  ) {}

  /**
   * Starts the worker and the listener that are configured; `onImported` runs after messages made
   * tickets or replies (main.ts wakes the notification dispatcher). @throws when the SMTP port cannot be bound.
   */
  async start(onImported: () => void = () => {}): Promise<void> {
    const { imap, smtp, addresses } = this.config;
    const rules: ImportContext = { ...this.config.rules, events: this.events, statusLinks: this.statusLinks, files: this.files };
    if (imap && !this.worker) {
      this.worker = new ImapWorker(this.db, imap, rules, this.clock, this.logger, onImported);
      this.worker.start();
    }
    if (smtp && !this.smtp) {
      this.smtp = await startSmtpListener({ db: this.db, host: smtp.host, port: smtp.port, addresses, rules, clock: this.clock, logger: this.logger, onImported });
    }
  }

  async close(): Promise<void> {
    await this.worker?.stop();
    await this.smtp?.close();
  }

  /** What the admin screen shows. */
  status(): InboundMailStatus {
    const w = this.worker?.status;
    return {
      imapConfigured: this.config.imap !== undefined,
      smtpPort: this.smtp?.port ?? this.config.smtp?.port ?? null,
      connected: w?.connected ?? false,
      idle: w?.idle ?? false,
      lastFetchAt: w?.lastFetchAt ?? null,
      lastError: w?.lastError ?? null,
      lastErrorAt: w?.lastErrorAt ?? null,
      imported: w?.imported ?? 0,
    };
  }

  /** Connects, opens the mailbox and logs out: the admin's test button. Never throws. */
  async test(): Promise<{ ok: boolean; message: string }> {
    const imap = this.config.imap;
    if (!imap) return { ok: false, message: 'No mailbox is configured (INBOUND_IMAP_URL).' };
    try {
      const client = await connectImap(imap);
      try {
        const box = await client.mailboxOpen(imap.mailbox, { readOnly: true });
        return { ok: true, message: `Connected: ${imap.mailbox} holds ${box.exists} messages.` };
      } finally {
        await client.logout().catch(() => undefined);
      }
    } catch (err) {
      return { ok: false, message: `Could not connect: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
}
