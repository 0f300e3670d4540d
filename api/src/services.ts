/**
 * What every feature's routes receive: the explicit dependencies of one app instance (DESIGN.md 3
 * "createApp(deps)"). No module reads globals or process.env.
 */
import type { InboundMailStatus } from '@portal/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import type { PasswordHasher } from './lib/passwords';
import type { VaultKeyring } from './lib/vault-keys';
import type { PublicTokenKey } from './lib/public-tokens';
import type { RateLimiters } from './http/rate-limit';
import type { LimiterHealth } from './http/rate-limit-stores';
import type { SessionCache } from './http/session-cache';
import type { Logger } from './logger';
import type { EventBus } from './events';
import type { Notifier } from './notify';
import type { FileStorage } from './storage';

export interface Services {
  config: Config;
  db: Database;
  /** Current time; injectable so tests can expire sessions. */
  clock: () => Date;
  logger: Logger;
  passwords: PasswordHasher;
  limiters: RateLimiters;
  /** The shared rate-limit store's state (http/rate-limit-stores.ts); admins see it in /api/health. */
  limiterHealth: () => LimiterHealth;
  /** Login sessions cached in this process (http/session-cache.ts). */
  sessionCache: SessionCache;
  /** Domain events (docs/events.md): writers emit in their transaction; every feature's subscribers react. */
  events: EventBus;
  /** E-mail/SMS/push providers and the outbox dispatcher (DESIGN.md 6). */
  notifier: Notifier;
  /** Keys of the Customer Vault's secret encryption (DESIGN.md 7). */
  vaultKeys: VaultKeyring;
  /** Uploaded files: local disk or S3-compatible (src/storage). */
  storage: FileStorage;
  /** Derives public link tokens (status links; lib/public-tokens.ts, DESIGN.md 7). */
  publicTokens: PublicTokenKey;
  /** Inbound mail: IMAP worker and SMTP listener, started by main.ts (docs/inbound-mail.md). */
  inbound: InboundMail;
}

/** Inbound mail as the app sees it (features/inbound/runtime.ts implements it; main.ts starts it). */
export interface InboundMail {
  start(onImported?: () => void): Promise<void>;
  close(): Promise<void>;
  status(): InboundMailStatus;
  test(): Promise<{ ok: boolean; message: string }>;
}
