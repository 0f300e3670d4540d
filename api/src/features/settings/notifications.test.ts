/** The settings feature's test SMS text (SPEC.md 7): the portal's name and a fixed sentence. */
import { expect, it } from 'vitest';
import { renderContext } from '../../test/render';
import { testSms } from './notifications';

it('test SMS names the portal', () => {
  expect(testSms.render({}, renderContext()).body).toBe('Acme <IT>: this is a test SMS. Support SMS notifications are working.');
  expect(testSms.summary({})).toBe('Test SMS');
});
