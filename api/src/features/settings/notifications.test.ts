/** The settings feature's test SMS text (SPEC.md 7): the portal's name and a fixed sentence. */
import { expect, it } from 'vitest';
import type { Config } from '../../config';
import { testSms } from './notifications';

it('test SMS names the portal', () => {
  const brand = { appName: 'Acme <IT>', supportPhone: '(555) 123-4567', supportEmail: 'help@acme.test', publicUrl: 'https://help.acme.test' };
  expect(testSms.render({}, { brand, config: {} as Config }).body).toBe('Acme <IT>: this is a test SMS. Support SMS notifications are working.');
  expect(testSms.summary({})).toBe('Test SMS');
});
