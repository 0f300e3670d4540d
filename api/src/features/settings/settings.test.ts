/**
 * Admin settings API (SPEC.md 2 "Settings", 5, 7, 8): the support SMS number, the notification
 * recipients and "Test SMS" (sent through twilio's client to a local peer). Validation answers
 * SPEC.md 5's messages and changes nothing. Role checks are in features/access.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type NotificationDelivery } from '@portal/shared';
import { TEST_TWILIO, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';

let h: NotifyTestApp;
let admin: string;

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = (await h.t.loginAs('admin')).token;
});
afterAll(() => h.close());

const call = (method: string, path: string, body?: unknown) => h.t.request(method, path, { token: admin, body });

describe('POST /api/settings/test-sms before a number is saved', () => {
  it('answers 400 with the SPEC.md 5 message and sends nothing', async () => {
    const res = await call('POST', '/api/settings/test-sms', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.testSmsNeedsNumber);
    expect(h.sms.messages).toEqual([]);
  });
});

describe('support SMS number', () => {
  it('reads null before it is saved', async () => {
    const res = await call('GET', '/api/settings/system/support_sms_number');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: 'support_sms_number', value: null, description: null, updatedAt: null });
  });

  it('saves, trims and reads back the number with a default description', async () => {
    const saved = await call('POST', '/api/settings/system', { key: 'support_sms_number', value: '  +1 (555) 010-9999 ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'support_sms_number', value: '+1 (555) 010-9999' });
    expect(saved.body.description).toMatch(/SMS alerts/);
    const read = await call('GET', '/api/settings/system/support_sms_number');
    expect(read.body).toEqual(saved.body);
    const described = await call('POST', '/api/settings/system', { key: 'support_sms_number', value: '+1 555 010 9999', description: 'On-call phone' });
    expect(described.body).toMatchObject({ value: '+1 555 010 9999', description: 'On-call phone' });
  });

  it.each([
    ['', MSG.phoneNumberRequired],
    ['   ', MSG.phoneNumberRequired],
    [undefined, MSG.phoneNumberRequired],
    ['call me', MSG.phoneNumberInvalid],
    ['555-0101 ext. 4', MSG.phoneNumberInvalid],
    ['+-()', MSG.phoneNumberInvalid],
  ])('refuses %j with "%s" and keeps the saved number', async (value, message) => {
    const res = await call('POST', '/api/settings/system', { key: 'support_sms_number', value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message, fieldErrors: { value: [message] } });
    expect((await call('GET', '/api/settings/system/support_sms_number')).body.value).toBe('+1 555 010 9999');
  });

  it('accepts only known keys', async () => {
    const post = await call('POST', '/api/settings/system', { key: 'vapid_keys', value: '123' });
    expect(post.status).toBe(400);
    expect(post.body.fieldErrors.key).toBeDefined();
    expect((await call('GET', '/api/settings/system/vapid_keys')).status).toBe(404);
  });
});

describe('notification e-mail recipients', () => {
  it('adds (normalised, idempotent), lists sorted and removes addresses', async () => {
    expect((await call('GET', '/api/settings/notification-emails')).body).toEqual({ emails: [] });
    expect((await call('POST', '/api/settings/notification-emails', { email: ' Ops@Example.com ' })).body).toEqual({ emails: ['ops@example.com'] });
    expect((await call('POST', '/api/settings/notification-emails', { email: 'boss@example.com' })).body).toEqual({
      emails: ['boss@example.com', 'ops@example.com'],
    });
    const again = await call('POST', '/api/settings/notification-emails', { email: 'ops@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ emails: ['boss@example.com', 'ops@example.com'] });
    const removed = await call('DELETE', '/api/settings/notification-emails', { email: 'OPS@example.com' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ emails: ['boss@example.com'] });
    expect((await call('DELETE', '/api/settings/notification-emails', { email: 'nobody@example.com' })).body).toEqual({ emails: ['boss@example.com'] });
    expect((await call('GET', '/api/settings/notification-emails')).body).toEqual({ emails: ['boss@example.com'] });
  });

  it('keeps both addresses when two admins add at the same time', async () => {
    const adds = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'];
    await Promise.all(adds.map((email) => call('POST', '/api/settings/notification-emails', { email })));
    expect((await call('GET', '/api/settings/notification-emails')).body.emails).toEqual(expect.arrayContaining(adds));
  });

  it.each([
    ['POST', '', MSG.emailRequired],
    ['POST', undefined, MSG.emailRequired],
    ['POST', 'not-an-email', MSG.emailInvalid],
    ['POST', 'a@b', MSG.emailInvalid],
    ['DELETE', '', MSG.emailRequired],
    ['DELETE', 'nope', MSG.emailInvalid],
  ])('%s with %j answers "%s" and changes nothing', async (method, email, message) => {
    const before = (await call('GET', '/api/settings/notification-emails')).body;
    const res = await call(method, '/api/settings/notification-emails', { email });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message, fieldErrors: { email: [message] } });
    expect((await call('GET', '/api/settings/notification-emails')).body).toEqual(before);
  });
});

describe('POST /api/settings/test-sms', () => {
  it('sends one SMS now through the provider and logs it', async () => {
    const res = await call('POST', '/api/settings/test-sms', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Test SMS sent' });
    expect(h.sms.messages).toHaveLength(1);
    expect(h.sms.messages[0]).toMatchObject({ to: '+15550109999', from: TEST_TWILIO.from });
    expect(h.sms.messages[0]!.body).toContain('test SMS');
    const log = await call('GET', '/api/notifications/deliveries?limit=1');
    expect(log.body[0]).toMatchObject({ channel: 'sms', kind: 'test_sms', recipient: '+1 555 010 9999', status: 'sent', attempts: 1, summary: 'Test SMS' });
  });

  it('answers 502 provider_failed with the reason when the provider fails, and logs the failure', async () => {
    h.sms.failures.push({ status: 401, code: 20003, message: 'Authenticate' });
    const res = await call('POST', '/api/settings/test-sms', {});
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 'provider_failed', message: 'twilio 401 (error 20003): Authenticate' });
    const log = await call('GET', '/api/notifications/deliveries?status=failed');
    const [entry] = log.body as NotificationDelivery[];
    expect(entry).toMatchObject({ kind: 'test_sms', status: 'failed', lastError: 'twilio 401 (error 20003): Authenticate' });
  });
});
