/**
 * The survey in the real app: a customer opens the survey link from the e-mail the server actually
 * wrote (the dev mail log in the app's data folder) on a phone and answers it, online and with no
 * signal (queued in the outbox, sent once when back online); the dashboard then shows the new
 * response and the API's numbers on a desktop; 'View Survey Dashboard' appears for a logged-in admin
 * only; a bad link says 'Survey Not Found'.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, type SurveyPage, type SurveyStats, type TicketCreated } from '@portal/shared';
import { DESKTOP, api, baseURL, browserSuite, phoneContext, settleForm, signIn } from './support/browser';


const suite = browserSuite();
let techId: string;

beforeAll(async () => {
  techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: suite.adminToken, body: { username: 'survey.tech', password: 'tech-pass-1', role: 'technician' } })).id;
});

async function phone(serviceWorkers: 'allow' | 'block' = 'block'): Promise<Page> {
  const context = await phoneContext(suite.browser, { serviceWorkers });
  suite.track(context);
  return context.newPage();
}

async function desktop(): Promise<Page> {
  const context = await suite.browser.newContext({ baseURL: baseURL(), viewport: DESKTOP });
  suite.track(context);
  return context.newPage();
}

/** Quoted-printable soft breaks and escapes of the .eml files (nodemailer's text encoding). */
const decodeQp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Waits for the invitation e-mail of `ticketNumber` in the app's mail log and returns its link. */
async function emailedLink(ticketNumber: string): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox-log', 'mail');
  const pattern = new RegExp(`(http://[^\\s"<>]+/survey\\?ticket=${ticketNumber}&token=[A-Za-z0-9_-]{43})(?![&\\w])`);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const match = pattern.exec(decodeQp(fs.readFileSync(path.join(dir, file), 'latin1')));
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no survey e-mail for ${ticketNumber}`);
}

/** A ticket for `clientName`, assigned and resolved by staff through the API; returns its number and e-mailed link. */
async function resolvedTicket(clientName: string): Promise<{ ticket: TicketCreated; link: string }> {
  const ticket = await api<TicketCreated>('/api/tickets', {
    method: 'POST',
    body: { clientName, customerEmail: 'survey.customer@example.com', customerPhone: '+1 555 0142', severity: 'medium', contactMethod: 'email', issue: 'The shared drive does not open on my laptop.' },
  });
  await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { assignedTo: techId } });
  await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { status: 'resolved', resolution: 'Remapped the drive.' } });
  return { ticket, link: await emailedLink(ticket.ticketNumber) };
}

const responses = () => api<SurveyPage>('/api/surveys?days=30&limit=100', { token: suite.adminToken });
const responsesOf = async (ticketNumber: string) => (await responses()).items.filter((r) => r.ticketNumber === ticketNumber);

/** Answers the four questions: the first with the keyboard (arrow keys in the radio group), the others by tapping. */
async function rate(page: Page, [overall, technician, responseTime, resolution]: [number, number, number, number]) {
  const overallGroup = page.getByRole('group', { name: 'How would you rate your overall experience?' });
  await overallGroup.getByRole('radio', { name: /^1 star, Very Poor$/ }).focus();
  await page.keyboard.press('Space');
  for (let i = 1; i < overall; i += 1) await page.keyboard.press('ArrowRight');
  await expect(overallGroup.getByRole('radio', { name: new RegExp(`^${overall} stars?, `) }).isChecked()).resolves.toBe(true);
  const tap = async (legend: string, n: number) => page.getByRole('group', { name: legend }).getByRole('radio', { name: new RegExp(`^${n} stars?, `) }).check();
  await tap("How would you rate our technician's knowledge and helpfulness?", technician);
  await tap('How would you rate our response time?', responseTime);
  await tap('How satisfied are you with the resolution of your issue?', resolution);
}

describe('the survey on a phone', () => {
  it('opens from the e-mail, shows every SPEC.md 5 message, records the answer once and thanks the customer (no dashboard link)', async () => {
    const { ticket, link } = await resolvedTicket('Robin Survey');
    const page = await phone();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Customer Satisfaction Survey' }).waitFor();
    await page.getByText(`Ticket #${ticket.ticketNumber}`).waitFor();
    expect(await responsesOf(ticket.ticketNumber)).toEqual([]); // opening records nothing

    await page.getByRole('button', { name: 'Submit Survey' }).click();
    for (const m of [MSG.rateOverall, MSG.rateTechnician, MSG.rateResponseTime, MSG.rateResolution]) await page.getByText(m, { exact: true }).waitFor();
    await settleForm(page);
    expect(await responsesOf(ticket.ticketNumber)).toEqual([]);

    await rate(page, [4, 5, 3, 4]);
    await page.getByLabel(/Additional Comments/).fill('Quick and friendly help.');
    await page.getByLabel(/How can we improve/).fill('Text me when you are on the way.');
    await page.getByRole('button', { name: 'Submit Survey' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('Your feedback has been submitted successfully.', { exact: true }).waitFor(); // SPEC.md 8 toast
    const config = await api<{ supportPhone: string }>('/api/config');
    const thanks = page.getByRole('region', { name: 'Thank You!' });
    await thanks.getByRole('link', { name: config.supportPhone }).waitFor();
    await thanks.getByRole('link', { name: 'Return to Home' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Survey Dashboard' }).count()).toBe(0);

    const [saved, ...more] = await responsesOf(ticket.ticketNumber);
    expect(more).toEqual([]);
    expect(saved).toMatchObject({ customerName: 'Robin Survey', overallRating: 4, technicianRating: 5, responseTimeRating: 3, resolutionRating: 4, comments: 'Quick and friendly help.', improvements: 'Text me when you are on the way.', assignedTechnicianName: 'survey.tech' });

    await page.goto(link); // a second visit cannot answer again
    await page.getByText(MSG.surveyAlreadySubmitted).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Survey' }).count()).toBe(0);
  });

  it('with the star link of the e-mail the overall rating is pre-selected, and nothing is recorded before Submit', async () => {
    const { ticket, link } = await resolvedTicket('Star Link');
    const page = await phone();
    await page.goto(`${link}&rating=5`);
    const five = page.getByRole('group', { name: 'How would you rate your overall experience?' }).getByRole('radio', { name: '5 stars, Excellent' });
    await five.waitFor({ state: 'attached' });
    expect(await five.isChecked()).toBe(true);
    expect(await responsesOf(ticket.ticketNumber)).toEqual([]);
  });

  it('with no signal keeps the answer on the phone (also across a reload) and sends it once when back online', async () => {
    const { ticket, link } = await resolvedTicket('Offline Survey');
    const page = await phone('allow');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Customer Satisfaction Survey' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    await rate(page, [2, 3, 2, 3]);
    await page.getByLabel(/Additional Comments/).fill('Answered from the basement.');
    await page.getByRole('button', { name: 'Submit Survey' }).click();
    await page.getByRole('heading', { name: 'Feedback saved on this device' }).waitFor();
    await page.getByText("You're offline. Your feedback will be sent automatically as soon as you're back online.").waitFor();
    expect(await responsesOf(ticket.ticketNumber)).toEqual([]);

    await page.reload(); // still offline: the app shell comes from the service worker, the answer from IndexedDB
    await page.getByRole('heading', { name: 'Feedback saved on this device' }).waitFor();

    await page.context().setOffline(false); // the `online` event drains the outbox
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const saved = await responsesOf(ticket.ticketNumber);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ overallRating: 2, technicianRating: 3, comments: 'Answered from the basement.' });
    await page.reload();
    await page.getByText(MSG.surveyAlreadySubmitted).waitFor();
    expect(await responsesOf(ticket.ticketNumber)).toHaveLength(1);
  });

  it("says 'Survey Not Found' without a ticket, with a forged token, or with another ticket's token", async () => {
    const { link } = await resolvedTicket('Not Found Check');
    const forged = link.replace(/token=[^&]+/, `token=${'A'.repeat(43)}`);
    const foreign = link.replace(/ticket=TKT-\d+/, 'ticket=TKT-000001');
    const page = await phone();
    for (const url of ['/survey', forged, foreign]) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Survey Not Found' }).waitFor();
      await page.getByText(MSG.surveyNotFound).waitFor();
    }
  });

  it("shows 'View Survey Dashboard' to a logged-in admin after submitting, and it opens the dashboard", async () => {
    const { link } = await resolvedTicket('Admin Viewer');
    const page = await phone();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto(link);
    await rate(page, [5, 5, 5, 5]);
    await page.getByRole('button', { name: 'Submit Survey' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByRole('link', { name: 'View Survey Dashboard' }).click();
    await page.getByRole('heading', { name: 'Survey Dashboard' }).waitFor();
  });
});

describe('the survey dashboard on a desktop', () => {
  it("shows the new response and the API's numbers; the range select and the tabs work; charts carry their tables", async () => {
    const { ticket, link } = await resolvedTicket('Dashboard Dana');
    const customer = await phone();
    await customer.goto(link);
    await rate(customer, [1, 2, 1, 2]);
    await customer.getByLabel(/Additional Comments/).fill('Nobody called me back.');
    await customer.getByRole('button', { name: 'Submit Survey' }).click();
    await customer.getByRole('heading', { name: 'Thank You!' }).waitFor();

    const page = await desktop();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/survey-dashboard');
    await page.getByRole('heading', { name: 'Survey Dashboard' }).waitFor();
    const stats = await api<SurveyStats>('/api/surveys/stats?days=30', { token: suite.adminToken });
    const tile = (title: string) => page.getByTestId(`tile-${title}`).locator('.sd-tile-value');
    await tile('Total Responses').waitFor();
    expect(await tile('Total Responses').textContent()).toBe(String(stats.totalResponses));
    expect(await tile('Overall Rating').textContent()).toBe(stats.averageOverallRating!.toFixed(1));
    expect(await tile('Response Rate').textContent()).toBe(`${stats.responseRate}%`);
    expect(await tile('Total Tickets').textContent()).toBe(String(stats.totalTickets));
    expect(await tile('Closed Tickets').textContent()).toBe(String(stats.closedTickets));
    expect(await page.getByTestId('tile-Response Rate').textContent()).toContain('Of closed tickets surveyed');
    expect(await page.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe('30');

    // Overview: the latest feedback lists the new comment; the distribution chart has its table.
    await page.getByText('Nobody called me back.').first().waitFor();
    const distribution = page.getByRole('figure', { name: 'Overall Rating Distribution' });
    await distribution.locator('canvas').waitFor();
    const veryPoor = distribution.getByRole('row', { name: /^1 - Very Poor/ });
    expect(await veryPoor.getByRole('cell').textContent()).toBe(String(stats.ratingDistribution.overallRating[0]));
    await page.getByRole('figure', { name: 'Ratings Over Time' }).locator('canvas').waitFor();

    await page.getByRole('tab', { name: 'Technician Performance' }).click();
    const techRow = page.getByRole('row', { name: /survey\.tech/ });
    await techRow.waitFor();
    const tech = stats.technicianPerformance.find((t) => t.technicianName === 'survey.tech')!;
    expect(await techRow.textContent()).toContain(`${tech.resolutionRate}%`);

    await page.getByRole('tab', { name: 'Recent Responses' }).click();
    const row = page.locator(`tr[data-ticket="${ticket.ticketNumber}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Dashboard Dana');
    expect(await row.getByRole('img', { name: '1 out of 5 stars' }).count()).toBe(2);

    await page.getByRole('tab', { name: 'Detailed Ratings' }).click();
    await page.getByRole('figure', { name: 'Rating Distribution per Question' }).locator('canvas').waitFor();

    await page.getByRole('combobox', { name: 'Time range' }).selectOption({ label: 'Last 7 days' });
    await page.waitForURL(/days=7/);
    const week = await api<SurveyStats>('/api/surveys/stats?days=7', { token: suite.adminToken });
    await page.getByTestId('tile-Total Responses').locator('.sd-tile-value').waitFor();
    expect(await tile('Total Responses').textContent()).toBe(String(week.totalResponses));
  });

  it('is for staff: an anonymous visitor is sent to log in', async () => {
    const page = await phone();
    await page.goto('/survey-dashboard');
    await page.getByText(MSG.loginRequired).waitFor();
    await page.waitForURL(/\/login$/);
  });
});
