import { chromium } from 'playwright-core';
import { startApp } from './server-process';

const app = await startApp();
const base = app.baseURL;
const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const t = await r.text();
  return t ? JSON.parse(t) : undefined;
};
const { token } = await call('POST', '/api/auth/login', { username: 'admin', password: app.adminPassword });
const tech = await call('POST', '/api/users', { username: 'tina', password: 'tech-pass-1', role: 'technician' }, token);
const N = Number(process.env.N ?? 60);
const ids: string[] = [];
for (let i = 0; i < N; i++) {
  const r = await call('POST', '/api/tickets', { clientName: `Client ${i}`, businessName: i % 3 ? `Business ${i} LLC` : undefined, customerEmail: `client${i}@example.com`, customerPhone: `555-01${String(i).padStart(2, '0')}`, severity: ['low', 'medium', 'high', 'urgent'][i % 4], contactMethod: ['email', 'phone', 'text'][i % 3], issue: `Issue number ${i}: the printer on floor ${i % 5} prints blank pages since the last update, every time.` });
  ids.push(r.id);
}
for (let i = 0; i < N; i += 4) await call('PATCH', `/api/tickets/${ids[i]}`, { assignedTo: tech.id, comment: i % 8 ? 'Internal: check cables' : 'We are on our way', reply: i % 8 === 0 }, token);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark'] as const) {
  for (const size of (process.env.SIZES ?? '390x844,1366x768').split(',')) {
    const [width, height] = size.split('x').map(Number);
    const ctx = await browser.newContext({ baseURL: base, viewport: { width, height }, colorScheme: scheme, serviceWorkers: 'block', isMobile: width < 900, hasTouch: width < 900 });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your username').fill('tina');
    await page.getByPlaceholder('Enter your password').fill('tech-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome, tina').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(1000);
    await page.goto('/technician');
    await page.locator('.ticket-card').first().waitFor();
    await page.waitForTimeout(1500);
    console.log(size, scheme, 'cards in DOM', await page.locator('.ticket-card').count());
    await page.screenshot({ path: `/tmp/shots10/tickets-${size}-${scheme}.png` });
    await page.evaluate(async () => { const c = document.getElementById('main-content') as any; const el = await c.getScrollElement(); el.scrollTop = 6000; });
    await page.waitForTimeout(800);
    console.log(size, scheme, 'after scroll cards', await page.locator('.ticket-card').count(), await page.locator('.ticket-card h3').allInnerTexts());
    await page.screenshot({ path: `/tmp/shots10/tickets-scrolled-${size}-${scheme}.png` });
    await page.evaluate(async () => { const c = document.getElementById('main-content') as any; const el = await c.getScrollElement(); el.scrollTop = 0; });
    await page.getByLabel('Search tickets').fill('floor 3');
    await page.getByRole('button', { name: 'Mine' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots10/tickets-search-${size}-${scheme}.png` });
    await page.getByRole('button', { name: 'Mine' }).click();
    await page.getByLabel('Search tickets').fill('');
    await page.locator('.ticket-card h3 button').first().click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots10/tickets-panel-${size}-${scheme}.png` });
    if (process.env.FULL) await page.screenshot({ path: `/tmp/shots10/tickets-panel-full-${size}-${scheme}.png`, fullPage: true });
    await ctx.close();
  }
}
await browser.close();
await app.stop();
