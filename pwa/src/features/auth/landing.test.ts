import { describe, expect, it } from 'vitest';
import { loginLanding } from './landing';

describe('loginLanding', () => {
  it('returns to the page that asked for a sign-in', () => {
    expect(loginLanding('technician', { from: '/customer-vault?q=acme' })).toBe('/customer-vault?q=acme');
    expect(loginLanding('user', { from: '/change-password' })).toBe('/change-password');
  });
  it('sends staff to /technician and users to / otherwise', () => {
    expect(loginLanding('technician', null)).toBe('/technician');
    expect(loginLanding('admin', {})).toBe('/technician');
    expect(loginLanding('user', undefined)).toBe('/');
  });
  it('ignores other hosts and /login itself', () => {
    expect(loginLanding('admin', { from: '//evil.example/x' })).toBe('/technician');
    expect(loginLanding('admin', { from: 'https://evil.example/' })).toBe('/technician');
    expect(loginLanding('admin', { from: '/login?x=1' })).toBe('/technician');
  });
});
