/**
 * Minimal structured logger: one JSON line per entry on stdout/stderr, filtered by LOG_LEVEL
 * (DESIGN.md 4a). Tests pass a silent or capturing logger.
 */
import type { LogLevel } from './config';

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A logger writing JSON lines at or above `level`; `error` and `warn` go to stderr. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, data?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...data });
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = createLogger('silent');
