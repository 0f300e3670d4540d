import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { endpointHref, matchesVaultSearch, vaultSecretFlag, wifiQrPayload } from '../rules/vault';
import { vaultCreateSchema, vaultPatchSchema, vaultRevealSchema } from './vault';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('vaultCreateSchema (SPEC.md 5)', () => {
  it('requires the business name with SPEC.md 5 text', () => {
    expect(messages(vaultCreateSchema.safeParse({}))).toEqual([MSG.vaultBusinessNameRequired]);
    expect(messages(vaultCreateSchema.safeParse({ businessName: '   ' }))).toEqual([MSG.vaultBusinessNameRequired]);
  });

  it('accepts an empty contact e-mail and refuses an invalid one', () => {
    const ok = vaultCreateSchema.safeParse({ businessName: 'Acme', contactEmail: '' });
    expect(ok.success && ok.data.contactEmail).toBeNull();
    expect(messages(vaultCreateSchema.safeParse({ businessName: 'Acme', contactEmail: 'nope' }))).toEqual([MSG.emailInvalid]);
  });

  it('requires each endpoint name and refuses script URLs', () => {
    const r = vaultCreateSchema.safeParse({ businessName: 'Acme', endpoints: [{ name: 'NAS' }, { name: '' }] });
    expect(messages(r)).toEqual([MSG.vaultEndpointNameRequired]);
    expect(r.error?.issues[0]?.path).toEqual(['endpoints', 1, 'name']);
    expect(messages(vaultCreateSchema.safeParse({ businessName: 'A', endpoints: [{ name: 'x', url: 'javascript:alert(1)' }] }))).toEqual([
      MSG.vaultEndpointUrlInvalid,
    ]);
  });

  it('keeps secrets exactly as typed, turns empty values into null and defaults endpoints to []', () => {
    const r = vaultCreateSchema.parse({ businessName: ' Acme ', wifiPassword: ' pass word ', routerPassword: '', contactName: '  ' });
    expect(r).toMatchObject({ businessName: 'Acme', wifiPassword: ' pass word ', routerPassword: null, contactName: null, endpoints: [] });
  });
});

describe('vaultPatchSchema', () => {
  it('leaves absent fields absent (keep) and allows clearing', () => {
    const r = vaultPatchSchema.parse({ wifiPassword: null, notes: '' });
    expect(r).toEqual({ wifiPassword: null, notes: null });
    expect('routerPassword' in r).toBe(false);
    expect(messages(vaultPatchSchema.safeParse({ businessName: '' }))).toEqual([MSG.vaultBusinessNameRequired]);
  });
});

describe('vaultRevealSchema', () => {
  it('needs endpointId exactly for endpointPassword', () => {
    expect(vaultRevealSchema.safeParse({ field: 'wifiPassword' }).success).toBe(true);
    expect(vaultRevealSchema.safeParse({ field: 'endpointPassword' }).success).toBe(false);
    expect(vaultRevealSchema.safeParse({ field: 'wifiPassword', endpointId: crypto.randomUUID() }).success).toBe(false);
    expect(vaultRevealSchema.safeParse({ field: 'endpointPassword', endpointId: crypto.randomUUID() }).success).toBe(true);
    expect(vaultRevealSchema.safeParse({ field: 'notes' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('names flags', () => expect(vaultSecretFlag('wifiPassword')).toBe('hasWifiPassword'));

  it('links endpoint URLs safely', () => {
    expect(endpointHref('https://nas.example.com:5001')).toBe('https://nas.example.com:5001');
    expect(endpointHref('192.168.1.1')).toBe('http://192.168.1.1');
    expect(endpointHref('router.local:8080/admin')).toBe('http://router.local:8080/admin');
    expect(endpointHref('rdp://10.0.0.5')).toBe('rdp://10.0.0.5');
    expect(endpointHref('javascript:alert(1)')).toBeNull();
    expect(endpointHref('data:text/html,<b>x</b>')).toBeNull();
    expect(endpointHref('JavaScript:alert(1)')).toBeNull();
    expect(endpointHref('')).toBeNull();
  });

  it('searches business, contact and e-mail only', () => {
    const e = { businessName: 'Acme Dental', contactName: 'Dana Smith', contactEmail: 'dana@acme.test' };
    expect(matchesVaultSearch(e, 'dental')).toBe(true);
    expect(matchesVaultSearch(e, 'SMITH')).toBe(true);
    expect(matchesVaultSearch(e, 'acme.test')).toBe(true);
    expect(matchesVaultSearch(e, 'router')).toBe(false);
    expect(matchesVaultSearch(e, '  ')).toBe(true);
  });

  it('builds the Wi-Fi QR payload with escaping', () => {
    expect(wifiQrPayload('Office', 'pa55word')).toBe('WIFI:T:WPA;S:Office;P:pa55word;;');
    expect(wifiQrPayload('My;Net,"x"', 'a\\b:c;d')).toBe('WIFI:T:WPA;S:My\\;Net\\,\\"x\\";P:a\\\\b\\:c\\;d;;');
    expect(wifiQrPayload('Guest', null)).toBe('WIFI:T:nopass;S:Guest;;');
    expect(wifiQrPayload('Hidden', 'x', true)).toBe('WIFI:T:WPA;S:Hidden;P:x;H:true;;');
  });
});
