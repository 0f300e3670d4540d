/**
 * Inbound mail settings from the environment (README "Configuration", docs/inbound-mail.md):
 * - INBOUND_IMAP_URL: `imaps://user:pass@host:993/INBOX` (imap:// = plain, STARTTLS when offered);
 *   user and password URL-encoded; the path is the mailbox (default INBOX).
 * - XOAUTH2 (Microsoft 365, Google Workspace) instead of the password: INBOUND_IMAP_TOKEN_COMMAND (a
 *   command printing an access token on stdout, run before each connection), or Microsoft 365 client
 *   credentials INBOUND_OAUTH_TENANT + INBOUND_OAUTH_CLIENT_ID + INBOUND_OAUTH_CLIENT_SECRET.
 * - INBOUND_POLL_SECONDS (default 60): polling when the server has no IDLE, and the longest IDLE.
 * - INBOUND_SMTP_PORT / INBOUND_SMTP_HOST (default 127.0.0.1): the optional SMTP listener.
 * - INBOUND_ADDRESSES: support addresses the listener accepts (default SUPPORT_EMAIL), comma-separated.
 * - INBOUND_MAX_BYTES (default 26214400 = 25 MiB), INBOUND_SENDER_LIMIT (default 20 per hour).
 */
/** Rules of the importer (docs/inbound-mail.md "Limits"). */
export interface ImportRules {
  /** Largest message accepted, bytes (INBOUND_MAX_BYTES, default 25 MiB). */
  maxBytes: number;
  /** Our own addresses, lower case (INBOUND_ADDRESSES, SUPPORT_EMAIL, MAIL_FROM): mail from them is ignored. */
  ownAddresses: string[];
  /** Most messages one sender may have imported per hour (INBOUND_SENDER_LIMIT, default 20); more are ignored. */
  perSenderPerHour: number;
}

/** How to reach the mailbox. `auth`: password, or XOAUTH2 through a command or client credentials. */
export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  mailbox: string;
  auth:
    | { kind: 'password'; pass: string }
    | { kind: 'token-command'; command: string }
    | { kind: 'client-credentials'; tenant: string; clientId: string; clientSecret: string };
  pollSeconds: number;
}

export interface InboundConfig {
  imap: ImapSettings | undefined;
  smtp: { port: number; host: string } | undefined;
  /** Support addresses the SMTP listener accepts, lower case. */
  addresses: string[];
  rules: ImportRules;
}

const MiB = 1024 * 1024;

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number, errors: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    errors.push(`${name}: must be a positive whole number`);
    return fallback;
  }
  return n;
}

/** Reads the INBOUND_* variables (config.ts loadConfig); `errors` lists each bad variable (never its secret value). */
export function readInboundConfig(env: Record<string, string | undefined>, own: { supportEmail: string; mailFrom: string }): { config: InboundConfig; errors: string[] } {
  const errors: string[] = [];
  const addresses = (env.INBOUND_ADDRESSES || own.supportEmail)
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  const fromAddress = /<([^>]+)>/.exec(own.mailFrom)?.[1] ?? own.mailFrom;
  const rules: ImportRules = {
    maxBytes: positiveInt(env, 'INBOUND_MAX_BYTES', 25 * MiB, errors),
    ownAddresses: [...new Set([...addresses, own.supportEmail.toLowerCase(), fromAddress.trim().toLowerCase()])],
    perSenderPerHour: positiveInt(env, 'INBOUND_SENDER_LIMIT', 20, errors),
  };
  let imap: ImapSettings | undefined;
  if (env.INBOUND_IMAP_URL) {
    try {
      const u = new URL(env.INBOUND_IMAP_URL);
      if (u.protocol !== 'imap:' && u.protocol !== 'imaps:') throw new Error('scheme');
      const secure = u.protocol === 'imaps:';
      const user = decodeURIComponent(u.username);
      const tenant = env.INBOUND_OAUTH_TENANT;
      const auth: ImapSettings['auth'] = env.INBOUND_IMAP_TOKEN_COMMAND
        ? { kind: 'token-command', command: env.INBOUND_IMAP_TOKEN_COMMAND }
        : tenant && env.INBOUND_OAUTH_CLIENT_ID && env.INBOUND_OAUTH_CLIENT_SECRET
          ? { kind: 'client-credentials', tenant, clientId: env.INBOUND_OAUTH_CLIENT_ID, clientSecret: env.INBOUND_OAUTH_CLIENT_SECRET }
          : { kind: 'password', pass: decodeURIComponent(u.password) };
      if (!user) errors.push('INBOUND_IMAP_URL: needs a user (imaps://user:pass@host:993/INBOX)');
      imap = {
        host: u.hostname,
        port: u.port ? Number(u.port) : secure ? 993 : 143,
        secure,
        user,
        mailbox: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX',
        auth,
        pollSeconds: positiveInt(env, 'INBOUND_POLL_SECONDS', 60, errors),
      };
    } catch {
      errors.push('INBOUND_IMAP_URL: must look like imaps://user:pass@host:993/INBOX');
    }
  }
  const smtpPort = env.INBOUND_SMTP_PORT ? positiveInt(env, 'INBOUND_SMTP_PORT', 0, errors) : 0;
  const smtp = smtpPort ? { port: smtpPort, host: env.INBOUND_SMTP_HOST || '127.0.0.1' } : undefined;
  return { config: { imap, smtp, addresses, rules }, errors };
}
