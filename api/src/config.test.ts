import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from './config';

describe('loadConfig (DESIGN.md 4a)', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 3000,
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      adminPassword: undefined,
      publicUrl: 'http://localhost:3000',
      appName: 'IT Support Portal',
      supportPhone: '(555) 123-4567',
      supportEmail: 'support@example.com',
      pwaDist: path.join(REPO_ROOT, 'pwa', 'dist'),
      sessionTtlHours: 720,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads valid values and derives PUBLIC_URL from PORT', () => {
    const c = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://u@h/db', SESSION_TTL_HOURS: '2' });
    expect(c).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080', trustProxy: true, databaseUrl: 'postgres://u@h/db', sessionTtlHours: 2 });
    expect(loadConfig({ PUBLIC_URL: 'https://x.example.com/' }).publicUrl).toBe('https://x.example.com');
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe', PUBLIC_URL: 'ftp://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SUPPORT_EMAIL', 'TRUST_PROXY']);
    expect((error as ConfigError).message).toContain('PORT');
  });
});
