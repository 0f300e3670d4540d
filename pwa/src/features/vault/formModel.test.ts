import { describe, expect, it } from 'vitest';
import type { VaultEntry, VaultIndexEntry } from '@portal/shared';
import { buildCreateBody, buildPatchBody, formDefaults, type VaultFormValues } from './formModel';
import { mailtoHref, mapsHref, smsHref, telHref } from '../../lib/links';

const index: VaultIndexEntry = {
  id: 'e1',
  businessName: 'Acme',
  contactName: 'Dana',
  contactEmail: 'dana@acme.test',
  contactPhone: '555-0100',
  address: null,
  ispProvider: 'Comcast',
  endpoints: [{ id: 'p1', name: 'NAS', url: 'https://nas', hasPassword: true }],
  hasDomainPassword: false,
  hasHostingPassword: false,
  hasWifiPassword: true,
  hasRouterPassword: false,
  hasIspAccountNumber: false,
  hasPhoneAccountNumber: false,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const entry: VaultEntry = {
  ...index,
  domainRegistrar: null,
  domainUsername: 'dns-user',
  hostingProvider: null,
  hostingUsername: null,
  wifiSsid: 'Office',
  routerUsername: null,
  staticIp: null,
  phoneProvider: null,
  notes: 'note',
  endpoints: [{ id: 'p1', name: 'NAS', url: 'https://nas', username: 'admin', hasPassword: true }],
  createdBy: null,
  createdByName: null,
  updatedBy: null,
  updatedByName: null,
  createdAt: index.updatedAt,
};

const edit = (base: { index: VaultIndexEntry; entry?: VaultEntry }, change: (v: VaultFormValues) => void): VaultFormValues => {
  const v = formDefaults(base);
  change(v);
  return v;
};

describe('vault form model', () => {
  it('starts blank for Add Customer and never pre-fills a secret', () => {
    const v = formDefaults();
    expect(v.businessName).toBe('');
    expect(v.endpoints).toEqual([]);
    const e = formDefaults({ index, entry });
    expect(e.wifiPassword).toBe('');
    expect(e.domainUsername).toBe('dns-user');
    expect(e.endpoints[0]).toMatchObject({ id: 'p1', username: 'admin', password: '', hasPassword: true });
  });

  it('builds a create body with only filled fields; offline it leaves out secrets and non-index fields', () => {
    const v = formDefaults();
    Object.assign(v, { businessName: ' New Co ', contactEmail: 'a@b.test', wifiPassword: ' pw ', notes: 'n' });
    v.endpoints = [{ name: 'AP', url: '', username: 'u', password: 'p', hasPassword: false, clearPassword: false }];
    expect(buildCreateBody(v, true)).toEqual({ businessName: 'New Co', contactEmail: 'a@b.test', notes: 'n', wifiPassword: ' pw ', endpoints: [{ name: 'AP', username: 'u', password: 'p' }] });
    expect(buildCreateBody(v, false)).toEqual({ businessName: 'New Co', contactEmail: 'a@b.test', endpoints: [{ name: 'AP' }] });
  });

  it('sends only what changed; a blank secret keeps, Remove clears', () => {
    expect(buildPatchBody(formDefaults({ index, entry }), { index, entry }, new Set(), true)).toEqual({});
    const v = edit({ index, entry }, (x) => {
      x.contactName = 'Dana Smith';
      x.notes = '';
      x.routerPassword = 'new';
    });
    expect(buildPatchBody(v, { index, entry }, new Set(['wifiPassword']), true)).toEqual({ contactName: 'Dana Smith', notes: null, routerPassword: 'new', wifiPassword: null });
  });

  it('sends the endpoint list when a row changes, keeping ids; passwords only when typed or removed', () => {
    const v = edit({ index, entry }, (x) => {
      x.endpoints[0]!.name = 'NAS 2';
      x.endpoints.push({ name: 'Firewall', url: 'https://fw', username: '', password: 'pw', hasPassword: false, clearPassword: false });
    });
    expect(buildPatchBody(v, { index, entry }, new Set(), true).endpoints).toEqual([
      { id: 'p1', name: 'NAS 2', url: 'https://nas', username: 'admin' },
      { name: 'Firewall', url: 'https://fw', username: null, password: 'pw' },
    ]);
    const cleared = edit({ index, entry }, (x) => (x.endpoints[0]!.clearPassword = true));
    expect(buildPatchBody(cleared, { index, entry }, new Set(), true).endpoints).toEqual([{ id: 'p1', name: 'NAS', url: 'https://nas', username: 'admin', password: null }]);
  });

  it('offline edits touch only index fields and endpoint names/URLs', () => {
    const v = edit({ index }, (x) => {
      x.contactPhone = '555-0199';
      x.notes = 'typed offline';
      x.wifiPassword = 'typed offline';
      x.endpoints[0]!.url = 'https://nas2';
    });
    expect(buildPatchBody(v, { index }, new Set(['routerPassword']), false)).toEqual({
      contactPhone: '555-0199',
      endpoints: [{ id: 'p1', name: 'NAS', url: 'https://nas2' }],
    });
  });
});

describe('contact links', () => {
  it('makes call, text, mail and map links', () => {
    expect(telHref('+1 (555) 010-2000')).toBe('tel:+15550102000');
    expect(telHref('555-0100 ext. 12')).toBe('tel:5550100');
    expect(smsHref('555 0100')).toBe('sms:5550100');
    expect(telHref('call me')).toBeNull();
    expect(mailtoHref('dana@acme.test')).toBe('mailto:dana@acme.test');
    expect(mailtoHref('nope')).toBeNull();
    expect(mapsHref('12 Main St, Springfield')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Main%20St%2C%20Springfield');
    expect(mapsHref('  ')).toBeNull();
  });
});
