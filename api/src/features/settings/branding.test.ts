/**
 * Report branding (issue 54, branding.ts; PGlite, and PostgreSQL with DATABASE_URL): a logo as
 * large as its schema allows (2 MB decoded) is read, although its base64 body is far past the
 * API's JSON_LIMIT (app.ts JSON_LIMIT_BY_PATH); one over 2 MB gets the schema's message and
 * changes nothing; other routes keep the 256 kB limit.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LOGO_MAX_BYTES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { jpegWithGps } from '../attachments/attachments.testkit';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => t.close());

const put = (body: unknown) => t.request('PUT', '/api/settings/report-branding', { token: admin, body });

describe('PUT /api/settings/report-branding logo size', () => {
  it('takes a photo logo whose base64 is past the usual 256 kB JSON limit, and serves it as a JPEG', async () => {
    const photo = await jpegWithGps(1600, 1200);
    const logoBase64 = photo.toString('base64');
    expect(logoBase64.length).toBeGreaterThan(256 * 1024);
    expect(photo.length).toBeLessThanOrEqual(REPORT_LOGO_MAX_BYTES);
    const res = await put({ businessName: 'Northwind IT Services', logoBase64 });
    expect([res.status, res.body]).toEqual([200, { businessName: 'Northwind IT Services', logo: true }]);
    const logo = await fetch(`${t.url}/api/settings/report-branding/logo.jpg`, { headers: { authorization: `Bearer ${admin}` } });
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('refuses a logo over 2 MB with the schema\'s message and keeps the one saved', async () => {
    const res = await put({ businessName: 'Someone Else', logoBase64: randomBytes(REPORT_LOGO_MAX_BYTES + 64 * 1024).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.logoBase64).toEqual(['The logo is too large (at most 2 MB).']);
    expect((await t.request('GET', '/api/settings/report-branding', { token: admin })).body).toEqual({ businessName: 'Northwind IT Services', logo: true });
  });

  it('keeps the 256 kB limit on other routes (413 too_large)', async () => {
    const res = await t.request('PUT', '/api/settings/support-sms-number', { token: admin, body: { value: 'x'.repeat(300 * 1024) } });
    expect([res.status, res.body.code]).toEqual([413, 'too_large']);
  });
});
