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

describe('performance settings', () => {
  it('picks the rate-limit store from REDIS_URL / DATABASE_URL unless RATE_LIMIT_STORE says otherwise', () => {
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).rateLimitStore).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://r:6379' })).toMatchObject({ rateLimitStore: 'redis', redisUrl: 'redis://r:6379' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(loadConfig({}).sessionCacheSeconds).toBe(10);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
  });

  it('refuses a store that cannot work and bad values', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]);
      }
    };
    expect(problems({ RATE_LIMIT_STORE: 'redis' })).toEqual(['RATE_LIMIT_STORE']);
    expect(problems({ RATE_LIMIT_STORE: 'postgres' })).toEqual(['RATE_LIMIT_STORE']);
    expect(problems({ RATE_LIMIT_STORE: 'disk', REDIS_URL: 'http://x', SESSION_CACHE_SECONDS: '-1' }).sort()).toEqual([
      'RATE_LIMIT_STORE',
      'REDIS_URL',
      'SESSION_CACHE_SECONDS',
    ]);
  });
});

describe('notification configuration (DESIGN.md 4a)', () => {
  const vapidPublic = Buffer.alloc(65, 4).toString('base64url');
  const vapidPrivate = Buffer.alloc(32, 7).toString('base64url');

  it('defaults to the dev log folder, generated VAPID keys and a From built from APP_NAME and SUPPORT_EMAIL', () => {
    const c = loadConfig({ DATA_DIR: '/srv/data', APP_NAME: 'Acme "IT"', SUPPORT_EMAIL: 'help@acme.test' });
    expect(c).toMatchObject({
      smtpUrl: undefined,
      mailFrom: '"Acme IT" <help@acme.test>',
      twilio: undefined,
      vapid: undefined,
      vapidSubject: 'mailto:help@acme.test',
      smsCountryCode: '1',
      notifyMaxAttempts: 8,
      notifyPollSeconds: 15,
      outboxLogDir: '/srv/data/outbox-log',
    });
  });

  it('reads SMTP, twilio and VAPID settings', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Help Desk <desk@example.com>',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15551234567',
      VAPID_PUBLIC_KEY: vapidPublic,
      VAPID_PRIVATE_KEY: vapidPrivate,
      VAPID_SUBJECT: 'https://support.example.com',
      SMS_COUNTRY_CODE: '+44',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Help Desk <desk@example.com>',
      twilio: { accountSid: 'AC0123', authToken: 'secret', from: '+15551234567' },
      vapid: { publicKey: vapidPublic, privateKey: vapidPrivate },
      vapidSubject: 'https://support.example.com',
      smsCountryCode: '44',
      notifyMaxAttempts: 3,
    });
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: 'MG0123' }).twilio?.from).toBe('MG0123');
  });

  it('lists bad values and half-configured providers', () => {
    let error: unknown;
    try {
      loadConfig({
        SMTP_URL: 'http://mail',
        TWILIO_ACCOUNT_SID: 'XX1',
        TWILIO_FROM: '555-1234',
        VAPID_PUBLIC_KEY: 'short',
        VAPID_SUBJECT: 'http://example.com',
        NOTIFY_MAX_ATTEMPTS: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(names).toEqual([
      'NOTIFY_MAX_ATTEMPTS',
      'SMTP_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]);
    expect((error as ConfigError).message).toContain('TWILIO_AUTH_TOKEN: must be set together with TWILIO_ACCOUNT_SID, TWILIO_FROM');
  });

  it('stores files under DATA_DIR/files with a 512 MB upload limit by default', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.storage).toEqual({ kind: 'disk', dir: '/srv/app/data/files' });
    expect(c.uploadMaxBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MAX_MB: '2' }).uploadMaxBytes).toBe(2 * 1024 * 1024);
  });

  it('reads the S3 settings (path-style by default with an endpoint) and lists what is missing or bad', () => {
    const c = loadConfig({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'portal/files/',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'portal/files/',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'b' }).storage).toMatchObject({ forcePathStyle: false, credentials: undefined, prefix: '' });

    let error: unknown;
    try {
      loadConfig({ FILE_STORAGE: 's3', S3_ACCESS_KEY_ID: 'key', S3_PREFIX: '/abs', UPLOAD_MAX_MB: '0' });
    } catch (err) {
      error = err;
    }
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(names).toEqual(['S3_BUCKET', 'S3_PREFIX', 'S3_SECRET_ACCESS_KEY', 'UPLOAD_MAX_MB']);
  });
});

describe('survey configuration', () => {
  it('defaults to 28-day links, a generated secret and 20 public survey requests per minute', () => {
    expect(loadConfig({})).toMatchObject({ surveyTtlDays: 28, surveySecret: undefined, rateLimitSurveys: 20 });
  });

  it('reads SURVEY_TTL_DAYS, RATE_LIMIT_SURVEYS and a base64 or base64url SURVEY_SECRET of at least 32 bytes', () => {
    const bytes = Buffer.alloc(32, 0xfb);
    const c = loadConfig({ SURVEY_TTL_DAYS: '7', RATE_LIMIT_SURVEYS: '5', SURVEY_SECRET: bytes.toString('base64url') });
    expect(c).toMatchObject({ surveyTtlDays: 7, rateLimitSurveys: 5 });
    expect(c.surveySecret).toEqual(bytes);
    expect(loadConfig({ SURVEY_SECRET: bytes.toString('base64') }).surveySecret).toEqual(bytes);
  });

  it('refuses a short or non-base64 secret and a zero TTL', () => {
    for (const env of [{ SURVEY_SECRET: Buffer.alloc(16).toString('base64') }, { SURVEY_SECRET: 'not base64 at all!' }, { SURVEY_TTL_DAYS: '0' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});
