/**
 * The `npm start` default (DESIGN.md 4a): with no SMTP_URL and no TWILIO_*, e-mails are
 * built by nodemailer (its MailComposer, providers/mime-bytes.ts) as .eml files and SMS as JSON lines under
 * DATA_DIR/outbox-log, count as delivered, and say so in the delivery log. No network is used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationDelivery } from '@portal/shared';
import { startTestApp, type TestApp } from '../test/app';
import { configureNotifications } from '../test/notify';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('writes e-mails as .eml files and SMS as JSON lines into DATA_DIR/outbox-log, marked sent', async () => {
  const admin = await t.loginAs('admin');
  await configureNotifications(t, admin.token, { number: '(555) 000-1111', emails: ['ops@example.com'] });
  const ticket = await t.createTicket({ severity: 'high', contactMethod: 'text', customerPhone: '555 010 2222', customerEmail: 'kim@example.com' });
  await t.notifier.dispatcher.runOnce();

  const dir = t.config.outboxLogDir;
  expect(dir).toBe(path.join(t.config.dataDir, 'outbox-log'));
  const emls = fs.readdirSync(path.join(dir, 'mail')).filter((f) => f.endsWith('.eml'));
  expect(emls).toHaveLength(2);
  const mails = emls.map((f) => fs.readFileSync(path.join(dir, 'mail', f), 'utf8'));
  expect(mails.some((m) => m.includes('To: ops@example.com') && m.includes(`Subject: New ticket ${ticket.ticketNumber} (High)`))).toBe(true);
  expect(mails.some((m) => m.includes('To: kim@example.com') && /Content-Type: multipart\/alternative/.test(m))).toBe(true);
  expect(fs.statSync(path.join(dir, 'mail', emls[0]!)).mode & 0o777).toBe(0o600);
  // Issue 55 (11): every mail of ours is marked machine-made, so autoresponders do not answer it.
  expect(mails.every((m) => m.includes('Auto-Submitted: auto-generated'))).toBe(true);

  const lines = fs.readFileSync(path.join(dir, 'sms.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
  expect(lines.map((l) => [l.to, l.e164]).sort()).toEqual([
    ['(555) 000-1111', '+15550001111'],
    ['555 010 2222', '+15550102222'],
  ]);
  expect(lines.every((l) => l.body!.includes(ticket.ticketNumber))).toBe(true);

  const log = await t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries', { token: admin.token });
  const entries = log.body.filter((d) => d.ticketId === ticket.id);
  expect(entries).toHaveLength(4);
  expect(entries.every((d) => d.status === 'sent')).toBe(true);
  expect(entries.filter((d) => d.channel === 'email').every((d) => /^written to .*\.eml \(no SMTP_URL configured\)$/.test(d.detail ?? ''))).toBe(true);
  expect(entries.filter((d) => d.channel === 'sms').every((d) => d.detail?.endsWith('sms.jsonl (no TWILIO_* configured)'))).toBe(true);
});

it('test SMS is appended to the same log', async () => {
  const admin = await t.loginAs('admin');
  const res = await t.request('POST', '/api/settings/test-sms', { token: admin.token, body: {} });
  expect(res.status).toBe(200);
  const last = fs.readFileSync(path.join(t.config.outboxLogDir, 'sms.jsonl'), 'utf8').trim().split('\n').at(-1)!;
  expect(JSON.parse(last)).toMatchObject({ to: '(555) 000-1111', body: expect.stringContaining('this is a test SMS') });
});

it('writes the next e-mail and SMS into a log folder deleted after the first ones', async () => {
  const admin = await t.loginAs('admin');
  await configureNotifications(t, admin.token, { number: '(555) 000-1111', emails: ['ops@example.com'] });
  await t.createTicket({ severity: 'high', contactMethod: 'text', customerPhone: '555 010 3333' });
  await t.notifier.dispatcher.runOnce();
  const dir = t.config.outboxLogDir;
  fs.rmSync(dir, { recursive: true, force: true });

  const ticket = await t.createTicket({ severity: 'high', contactMethod: 'text', customerPhone: '555 010 4444', customerEmail: 'lee@example.com' });
  await t.notifier.dispatcher.runOnce();
  const mails = fs.readdirSync(path.join(dir, 'mail')).map((f) => fs.readFileSync(path.join(dir, 'mail', f), 'utf8'));
  expect(mails.filter((m) => m.includes(ticket.ticketNumber))).toHaveLength(2);
  expect(fs.statSync(path.join(dir, 'mail')).mode & 0o777).toBe(0o700);
  const sms = fs.readFileSync(path.join(dir, 'sms.jsonl'), 'utf8').trim().split('\n');
  expect(sms).toHaveLength(2);
  expect(sms.every((l) => l.includes(ticket.ticketNumber))).toBe(true);
  const log = await t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries', { token: admin.token });
  expect(log.body.filter((d) => d.ticketId === ticket.id).every((d) => d.status === 'sent')).toBe(true);
});
