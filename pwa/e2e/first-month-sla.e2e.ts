/**
 * A first month of real use (issue 56 item 11), the SLA policy editor on /admin/settings at 390x844
 * and 1366x768: targets in hours or business days (not raw minutes), the time zone picked from a
 * searchable list of IANA zones, each severity on business hours or 24x7 (urgent 24x7 on a new
 * install), and business-day checkboxes that are 44 px tap targets. Saving sends minutes and the
 * per-severity clock; the policy is put back as it was afterwards (the test app is shared).
 * Set SCREENSHOT_DIR to also save the section light and dark.
 */
import type { SlaPolicy } from '@portal/shared';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

describe.each(SIZES)('the SLA policy editor at %s size (item 11)', (size) => {
  it('edits targets in hours and days, a time zone from the list and each severity clock', async () => {
    const before = await api<SlaPolicy>('/api/sla-policy', { token: suite.adminToken });
    expect(before.targets.urgent.allHours).toBe(true);
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'SLA Policy' });
    await section.getByRole('button', { name: 'Save SLA Policy' }).waitFor();
    // Urgent runs 24x7 by default; the others on business hours. Targets read in hours and days.
    expect(await section.getByLabel('Urgent clock').inputValue()).toBe('24x7');
    expect(await section.getByLabel('High clock').inputValue()).toBe('business');
    expect(await section.getByLabel('Urgent first response', { exact: true }).inputValue()).toBe('1');
    expect(await section.getByLabel('Urgent first response unit').inputValue()).toBe('hours');
    expect(await section.getByLabel('Low resolution', { exact: true }).inputValue()).toBe('5');
    expect(await section.getByLabel('Low resolution unit').inputValue()).toBe('days');
    // The time zone is searchable: the list holds the IANA names.
    const zone = section.getByLabel('Time zone');
    expect(await zone.getAttribute('list')).toBe('sla-time-zones');
    expect(await page.locator('#sla-time-zones option[value="America/New_York"]').count()).toBe(1);
    // Day checkboxes: a finger-sized target each.
    for (const box of await section.locator('.sla-day').all()) {
      const r = (await box.boundingBox())!;
      expect(r.height).toBeGreaterThanOrEqual(44);
      expect(r.width).toBeGreaterThanOrEqual(44);
    }
    await section.scrollIntoViewIfNeeded();
    await shot(page, `first-month-sla-editor-${size}`, { fullPage: false });

    await zone.fill('America/New_York');
    await section.getByLabel('High first response', { exact: true }).fill('2.5');
    await section.getByLabel('Medium resolution', { exact: true }).fill('2');
    await section.getByLabel('Medium resolution unit').selectOption('days');
    await section.getByLabel('High clock').selectOption('24x7');
    await section.getByRole('button', { name: 'Save SLA Policy' }).click();
    await page.getByText('SLA Policy Saved').first().waitFor();
    const saved = await api<SlaPolicy>('/api/sla-policy', { token: suite.adminToken });
    expect(saved.timeZone).toBe('America/New_York');
    // 2.5 hours; its '1 business day' resolution on 24x7 reads '1 days (24 h)': 24 h.
    expect(saved.targets.high).toEqual({ firstResponseMinutes: 150, resolutionMinutes: 24 * 60, allHours: true });
    // Two business days of 10:00-18:00.
    expect(saved.targets.medium.resolutionMinutes).toBe(2 * 8 * 60);

    // A bad zone is refused before anything is sent.
    await zone.fill('Nowhere/Land');
    await section.getByRole('button', { name: 'Save SLA Policy' }).click();
    await section.getByText('Unknown time zone (use an IANA name such as America/New_York)').waitFor();
    await api('/api/sla-policy', { method: 'PUT', token: suite.adminToken, body: before });
  });
});
