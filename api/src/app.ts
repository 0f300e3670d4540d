/**
 * createApp(deps) (DESIGN.md 3): the Koa app built from explicit dependencies, so tests build the very
 * same app against their own database. Middleware order: request id -> error envelope -> compression -> security
 * headers -> no-store on /api -> JSON body -> authenticate -> wake the notification dispatcher after
 * successful writes -> feature routers (the admin activity log is an event subscriber, features/activity/events.ts) -> /api 404 -> PWA files.
 */
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type Router from '@koa/router';
import { MSG } from '@portal/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { activityRoutes } from './features/activity/routes';
import { attachmentRoutes } from './features/attachments/routes';
import { uploadEndpoint } from './features/attachments/tus';
import { authRoutes } from './features/auth/routes';
import { clientRoutes } from './features/clients/routes';
import { vaultEntriesUseClient, vaultEntryClients } from './features/vault/port';
import { assetRoutes } from './features/assets/routes';
import { checklistRoutes } from './features/checklists/routes';
import { recurringRoutes } from './features/recurring/routes';
import { lockTicketForChecklist, recordChecklistChanges, recordTagChanges, ticketsLostAsset } from './features/tickets/port';
import { deleteAssetsOfClientRows } from './features/assets/port';
import { tagRoutes } from './features/tags/routes';
import { visitRoutes } from './features/visits/routes';
import { markVisitsInvoiced, visitCountsOf, visitFigures, visitPartLines, visitsOfClient } from './features/visits/port';
import { findSession, hashToken } from './features/auth/sessions';
import { createPasswordHasher, type Argon2Params } from './lib/passwords';
import { configRoutes } from './features/config/routes';
import { contentRoutes } from './features/content/routes';
import { replyRoutes } from './features/replies/routes';
import { downloadRoutes } from './features/downloads/routes';
import { fileRoutes } from './features/files/routes';
import { healthRoutes, liveProbe } from './features/health/routes';
import { inboundRoutes } from './features/inbound/routes';
import { InboundRuntime } from './features/inbound/runtime';
import { notificationRoutes } from './features/notifications/routes';
import { inboxRoutes } from './features/inbox/routes';
import { pushRoutes } from './features/push/routes';
import { schedulerRoutes } from './features/scheduler/routes';
import { settingsRoutes } from './features/settings/routes';
import { backupRoutes } from './features/backup/routes';
import { slaRoutes } from './features/sla/routes';
import { billingRoutes } from './features/sla/billingRoutes';
import { surveyRoutes } from './features/surveys/routes';
import { ticketRoutes } from './features/tickets/routes';
import { twoFactorRoutes } from './features/twofa/routes';
import { userRoutes } from './features/users/routes';
import { loadVaultKeyring, type VaultKeyring } from './lib/vault-keys';
import { PUBLIC_LINK_KEY_FILE, createPublicTokenKey } from './lib/public-tokens';
import { ticketStatusRoutes } from './features/ticket-status/routes';
import { vaultRoutes } from './features/vault/routes';
import { vaultOfflineRoutes } from './features/vault-offline/routes';
import { authenticate } from './http/authenticate';
import { refuseCrossSiteWrites } from './http/origin-check';
import { compressResponses } from './http/compression';
import { describeError, errorHandler } from './http/error-handler';
import { notFound } from './http/errors';
import { DEFAULT_RATE_LIMITS, createRateLimiters, type LimiterFactory, type RateLimitSettings } from './http/rate-limit';
import type { LimiterHealth } from './http/rate-limit-stores';
import { noStoreApi, requestId, secureCookies, securityHeaders, tokenPageHeaders } from './http/security';
import { SessionCache } from './http/session-cache';
import type { AppState } from './http/state';
import { serveSpa } from './http/static';
import { createLogger, type Logger } from './logger';
import { eventSubscribers } from './event-subscribers';
import { createEventBus, type AnySubscriber } from './events';
import { notificationKinds } from './notification-kinds';
import { createNotifier, type NotifyOverrides } from './notify';
import type { Services } from './services';
import { createStorage, type FileStorage } from './storage';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Current time (default `() => new Date()`). */
  clock?: () => Date;
  logger?: Logger;
  /** argon2id cost (default OWASP_ARGON2); tests may lower it. */
  argon2?: Argon2Params;
  /** Rate limits (default from config: RATE_LIMIT_LOGIN and RATE_LIMIT_LOGIN_IP per 15 min, RATE_LIMIT_TICKETS and RATE_LIMIT_SURVEYS per minute). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Where limiter counts live (default: this process's memory); http/rate-limit-stores.ts shares them. */
  limiterFactory?: LimiterFactory;
  /** State of the shared rate-limit store (admins see it in /api/health); default: this process's memory. */
  limiterHealth?: () => LimiterHealth;
  /** Replacement notification providers and dispatcher tuning (tests use local SMTP/twilio/push peers). */
  notify?: NotifyOverrides;
  /** Vault keyring (default: from config, VAULT_KEY or the key file in DATA_DIR). */
  vaultKeys?: VaultKeyring;
  /** File storage (default: built from `config.storage`; tests pass a disk folder or a local S3). */
  storage?: FileStorage;
  /** Subscribers added after the registry's (tests count deliveries with them). */
  subscribers?: readonly AnySubscriber[];
}


/** Largest JSON body accepted, larger -> 413 too_large. */
export const JSON_LIMIT = '256kb';
/**
 * The larger JSON limits of the few bodies that carry a file as base64, by path: the report logo
 * (REPORT_LOGO_MAX_BYTES, 2 MB decoded, is 2.7 MB of base64). Its schema gives the clear message
 * for a logo over 2 MB; the limit only keeps a body far past that from being read at all.
 */
export const JSON_LIMIT_BY_PATH: Readonly<Record<string, string>> = { '/api/settings/report-branding': '3mb' };

/** Most login sessions one process caches. */
const SESSION_CACHE_MAX = 10_000;

/** Builds the services object every router receives. */
export function createServices(deps: AppDeps): Services {
  const { config } = deps;
  const limits: RateLimitSettings = {
    login: { ...DEFAULT_RATE_LIMITS.login, points: config.rateLimitLogin },
    loginIp: { ...DEFAULT_RATE_LIMITS.loginIp, points: config.rateLimitLoginIp },
    twoFactorAccount: DEFAULT_RATE_LIMITS.twoFactorAccount,
    ticketCreate: { ...DEFAULT_RATE_LIMITS.ticketCreate, points: config.rateLimitTickets },
    survey: { ...DEFAULT_RATE_LIMITS.survey, points: config.rateLimitSurveys },
    vaultReveal: DEFAULT_RATE_LIMITS.vaultReveal,
    vaultOfflineReport: DEFAULT_RATE_LIMITS.vaultOfflineReport,
    uploadCreate: DEFAULT_RATE_LIMITS.uploadCreate,
    status: { ...DEFAULT_RATE_LIMITS.status, points: config.rateLimitStatus },
    statusLookupIp: DEFAULT_RATE_LIMITS.statusLookupIp,
    statusLookupTicket: DEFAULT_RATE_LIMITS.statusLookupTicket,
    statusLinkSend: DEFAULT_RATE_LIMITS.statusLinkSend,
    statusReplyTicket: DEFAULT_RATE_LIMITS.statusReplyTicket,
    surveyResendIp: DEFAULT_RATE_LIMITS.surveyResendIp,
    surveyResendTicket: DEFAULT_RATE_LIMITS.surveyResendTicket,
    ...deps.rateLimits,
  };
  const clock = deps.clock ?? (() => new Date());
  const logger = deps.logger ?? createLogger(config.logLevel);
  const publicTokens = createPublicTokenKey({ secret: config.publicLinkSecret, dataDir: config.dataDir, fileName: PUBLIC_LINK_KEY_FILE });
  const events = createEventBus([...eventSubscribers, ...(deps.subscribers ?? [])], { db: deps.db, config, logger });
  return {
    config,
    db: deps.db,
    events,
    clock,
    logger,
    passwords: createPasswordHasher(deps.argon2),
    limiters: createRateLimiters(limits, deps.limiterFactory),
    limiterHealth: deps.limiterHealth ?? (() => ({ store: 'memory', shared: false, warning: null })),
    sessionCache: new SessionCache(config.sessionCacheSeconds * 1000, SESSION_CACHE_MAX, clock),
    notifier: createNotifier({ config, db: deps.db, logger, clock, kinds: notificationKinds, overrides: deps.notify }),
    vaultKeys: deps.vaultKeys ?? loadVaultKeyring(config, (message) => logger.warn(message)),
    storage: deps.storage ?? createStorage(config.storage),
    publicTokens,
    inbound: new InboundRuntime(config.inbound, deps.db, clock, logger, events, { key: publicTokens, ttlDays: config.statusLinkTtlDays }, { config }),
  };
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Runs `mw` for /api requests only (static files need no body parsing or session lookup). */
function onlyApi(mw: Koa.Middleware<AppState>): Koa.Middleware<AppState> {
  return (ctx, next) => (isApiPath(ctx.path) ? mw(ctx, next) : next());
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * How long the dispatcher wake after a write waits for more writes (ms): one pass then serves every
 * write of that window. Without it each write started a claim in every channel lane,
 * as many statements again as the write itself under load.
 */
export const WAKE_COALESCE_MS = 20;

/**
 * Wakes the outbox dispatcher after successful /api writes: the route's transaction has committed
 * by then, so jobs it wrote are visible (DESIGN.md 6). Writes within {@link WAKE_COALESCE_MS} share
 * one wake. Waking is cheap and a no-op until main.ts has started the dispatcher.
 */
function wakeDispatcherAfterWrites(s: Services): Koa.Middleware<AppState> {
  let timer: NodeJS.Timeout | null = null;
  const wake = () => {
    timer = null;
    s.notifier.dispatcher.wake();
  };
  const afterWrite: Koa.Middleware<AppState> = async (ctx, next) => {
    await next();
    if (ctx.status < 400 && !timer) timer = setTimeout(wake, WAKE_COALESCE_MS);
  };
  // Reads pass straight on, without an async frame of their own.
  return (ctx, next) => (WRITE_METHODS.has(ctx.method) ? afterWrite(ctx, next) : next());
}

/**
 * Builds the Koa app. Pass `services` built with {@link createServices} to keep a handle on them
 * (main.ts starts `services.notifier.dispatcher`; tests drive it).
 */
export function createApp(deps: AppDeps, services?: Services): Koa<AppState> {
  const s = services ?? createServices(deps);
  // TRUST_PROXY hops: only the right-most `hops` X-Forwarded-For entries were written by
  // our proxies; ctx.ip is the left-most of those, so a client cannot choose its IP (rate limits).
  const hops = s.config.trustProxyHops;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;

  // Errors Koa sees outside the middleware (a stream failing after the headers went out): logged,
  // never silently (every 5xx leaves a line; the error handler logs the ones it answers).
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const data = { requestId: (ctx?.state as AppState | undefined)?.requestId, method: ctx?.method, path: ctx?.path, error: describeError(err) };
    if ((err as { headerSent?: boolean }).headerSent) s.logger.warn('response failed after its headers were sent', data);
    else s.logger.error('request failed outside the error handler', data);
  });

  app.use(requestId(s.logger));
  app.use(errorHandler(s.logger));
  app.use(compressResponses());
  const publicHttps = s.config.publicUrl.startsWith('https://');
  app.use(securityHeaders(publicHttps));
  // Secure cookies only behind https (on plain http the middleware would have nothing to do).
  if (publicHttps) app.use(secureCookies());
  app.use(noStoreApi());
  // The status page and its API (docs/status-links.md): no Referer, no cache, no index.
  app.use(tokenPageHeaders((path) => path.startsWith('/status/') || path.startsWith('/api/ticket-status/')));
  // The liveness probe answers before the body parser and the session lookup (no database).
  app.use(liveProbe());
  // Cookie-authenticated writes only from the app's own origin (http/origin-check.ts).
  app.use(refuseCrossSiteWrites(s.config.publicUrl));
  const sessionOf = (token: string) => s.sessionCache.lookup(hashToken(token), () => findSession(s.db, token, s.clock()));
  // The tus endpoint /api/uploads reads its request streams itself: before the body parser.
  app.use(uploadEndpoint(s, sessionOf));
  // DELETE bodies too: DELETE /api/settings/notification-emails takes `{ email }` (SPEC.md 7).
  const parsedMethods = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];
  const bodyParser = (jsonLimit: string) => koaBody({ json: true, jsonLimit, urlencoded: false, text: false, multipart: false, parsedMethods });
  const parsers = new Map(Object.entries(JSON_LIMIT_BY_PATH).map(([path, limit]) => [path, bodyParser(limit)]));
  const defaultParser = bodyParser(JSON_LIMIT);
  // koa-body does nothing for other methods (GET, HEAD, OPTIONS): they skip it and its type checks.
  const parses = new Set<string>(parsedMethods);
  app.use(onlyApi((ctx, next) => (parses.has(ctx.method) ? (parsers.get(ctx.path) ?? defaultParser)(ctx, next) : next())));
  app.use(onlyApi(authenticate(sessionOf)));
  app.use(onlyApi(wakeDispatcherAfterWrites(s)));

  const routers: Router<AppState>[] = [
    healthRoutes(s),
    configRoutes(s),
    authRoutes(s),
    twoFactorRoutes(s),
    ticketRoutes(s, { visitCounts: visitCountsOf }),
    attachmentRoutes(s),
    ticketStatusRoutes(s),
    userRoutes(s),
    settingsRoutes(s),
    backupRoutes(s),
    inboundRoutes(s),
    pushRoutes(s),
    notificationRoutes(s),
    inboxRoutes(s),
    vaultRoutes(s),
    clientRoutes(s, { vaultEntriesUseClient, deleteAssetsOfClient: deleteAssetsOfClientRows, visitsOfClient }),
    assetRoutes(s, { vaultEntryClients, ticketsLostAsset }),
    checklistRoutes(s, { lockTicketForChecklist, recordChecklistChanges }),
    tagRoutes(s, { recordTagChanges }),
    visitRoutes(s),
    recurringRoutes(s),
    vaultOfflineRoutes(s),
    contentRoutes(s),
    replyRoutes(s),
    fileRoutes(s),
    downloadRoutes(s),
    surveyRoutes(s),
    schedulerRoutes(s),
    slaRoutes(s, { visitFigures }),
    billingRoutes(s, { visitPartLines, markVisitsInvoiced }),
    activityRoutes(s),
  ];
  for (const router of routers) app.use(router.routes());

  app.use(async (ctx, next) => {
    if (isApiPath(ctx.path)) throw notFound(MSG.notFound);
    await next();
  });
  app.use(serveSpa(s.config.pwaDist));
  return app;
}
