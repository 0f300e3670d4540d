/**
 * The settings feature's job kind (SPEC.md 7, DESIGN.md 6), registered in api/src/notification-kinds.ts:
 * the admin's test SMS (POST /api/settings/test-sms), sent at once to the saved support number and
 * written to the delivery log like a job (notifier `sendNow`).
 */
import { defineJobKind } from '../../notify';

/** The test SMS: no facts, only the branding. */
export const testSms = defineJobKind<Record<string, never>, 'sms'>({
  kind: 'test_sms',
  channel: 'sms',
  summary: () => 'Test SMS',
  render: (_payload, { brand }) => ({ body: `${brand.appName}: this is a test SMS. Support SMS notifications are working.` }),
});

/** Every job kind of the settings feature (api/src/notification-kinds.ts). */
export const settingsKinds = [testSms];
