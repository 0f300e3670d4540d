import { chromium } from 'playwright-core';
import { startApp } from './server-process';

const app = await startApp();
const base = app.baseURL;
const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return r.json();
};
const { token } = await post('/api/auth/login', { username: 'admin', password: app.adminPassword });
await post('/api/users', { username: 'tina.technician', password: 'tech-pass-1', role: 'technician', email: 'tina.technician@very-long-company-domain-example.com' }, token);
await post('/api/users', { username: 'bob', password: 'tech-pass-1', role: 'user' }, token);
await post('/api/settings/notification-emails', { email: 'operations.manager@very-long-company-domain-example.com' }, token);
await post('/api/tickets', { clientName: 'Wes Warehouse', customerEmail: 'wes.warehouse@very-long-company-domain-example.com', customerPhone: '555-0101', severity: 'urgent', contactMethod: 'email', issue: 'Barcode scanners cannot reach the inventory server.' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const pages = (process.env.PAGES ?? '/admin,/change-password,/admin/settings').split(',');
const sizes = (process.env.SIZES ?? '390x844,1366x768').split(',');
for (const scheme of ['light', 'dark'] as const) {
  for (const size of sizes) {
    const [width, height] = size.split('x').map(Number);
    const ctx = await browser.newContext({ baseURL: base, viewport: { width, height }, colorScheme: scheme, serviceWorkers: (process.env.SW ?? 'block') as 'block', isMobile: width < 900, hasTouch: width < 900 });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your username').fill('admin');
    await page.getByPlaceholder('Enter your password').fill(app.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome, admin').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(1200);
    for (const p of pages) {
      await page.goto(p);
      await page.waitForTimeout(1500);
      const name = `${p.replace(/\//g, '_') || 'home'}-${size}-${scheme}`;
      await page.screenshot({ path: `/tmp/shots10/${name}.png`, fullPage: false });
      const hh = await page.evaluate(() => document.querySelector('.app-header')?.getBoundingClientRect().height);
      console.log(name, 'header', hh);
    }
    if (process.env.EXTRA) {
      await page.goto('/admin');
      await page.waitForTimeout(1000);
      if (width >= 992) { await page.getByRole('button', { name: 'Admin', exact: true }).click(); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/shots10/adminmenu-${size}-${scheme}.png` }); await page.keyboard.press('Escape'); }
      await page.getByRole('button', { name: 'Edit tina.technician' }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots10/edit-${size}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete bob' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots10/delete-${size}-${scheme}.png` });
      await page.keyboard.press('Escape');
      if (width < 992) { await page.getByRole('button', { name: 'Open menu' }).click(); await page.waitForTimeout(600); await page.screenshot({ path: `/tmp/shots10/menu-${size}-${scheme}.png` }); }
    }
    await ctx.close();
  }
}
await browser.close();
await app.stop();
