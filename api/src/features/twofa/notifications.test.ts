import { describe, expect, it } from 'vitest';
import { renderContext } from '../../test/render';
import { twoFactorReset } from './notifications';

describe('two-factor reset e-mail', () => {
  it('says who reset it and when, what ended, how to set up again, and whom to tell; escaped', () => {
    const m = twoFactorReset.render({ username: 'tess<b>', actor: 'The administrator boss', at: '2026-03-05T15:04:00.000Z', devicesRevoked: 2 }, renderContext());
    expect(m.subject).toBe('Your two-factor authentication was reset');
    expect(m.text).toContain('The administrator boss removed the authenticator app, passkeys and recovery codes of your account on Mar 5, 2026 at 3:04 PM UTC.');
    expect(m.text).toContain('offline vault was removed from 2 device(s)');
    expect(m.text).toContain('https://help.acme.test/account/security');
    expect(m.text).toContain('help@acme.test');
    expect(m.html).toContain('tess&lt;b&gt;');
    expect(m.html).not.toContain('tess<b>');
  });
});
