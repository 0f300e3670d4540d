/**
 * "Send me the survey link" (docs/surveys.md "Lost survey link") in the real app at 390x844 and
 * 1366x768: SPEC.md's `/survey?ticket=TKT-…` without its token says 'Survey Not Found' and offers
 * the button; pressing it answers the same text for a real and an unknown number, and only the
 * real one gets a new invitation e-mail (the dev mail log) to the ticket's stored address, carrying
 * the same working link. `SCREENSHOT_DIR` keeps light and dark screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, SURVEY_RESEND_TEXT, type TicketCreated } from '@portal/shared';
import { SIZES, api, browserSuite } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
let techId: string;

beforeAll(async () => {
  techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: suite.adminToken, body: { username: 'resend.tech', password: 'tech-pass-1', role: 'technician' } })).id;
});

const decodeQp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Every survey link e-mailed for `ticketNumber` so far (one per invitation e-mail in the dev mail log). */
function mailedLinks(ticketNumber: string): string[] {
  const dir = path.join(inject('dataDir'), 'outbox-log', 'mail');
  const pattern = new RegExp(`http://[^\\s"<>]+/survey\\?ticket=${ticketNumber}&token=([A-Za-z0-9_-]{43})(?![&\\w])`);
  const out: string[] = [];
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const match = pattern.exec(decodeQp(fs.readFileSync(path.join(dir, file), 'latin1')));
    if (match) out.push(match[1]!);
  }
  return out;
}

async function until<T>(what: string, read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function resolvedTicket(clientName: string): Promise<TicketCreated> {
  const ticket = await api<TicketCreated>('/api/tickets', {
    method: 'POST',
    body: { clientName, customerEmail: 'resend.customer@example.com', customerPhone: '+1 555 0143', severity: 'low', contactMethod: 'email', issue: 'The printer is offline again.' },
  });
  await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { assignedTo: techId } });
  await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { status: 'resolved', resolution: 'Reinstalled the driver.' } });
  return ticket;
}

describe.each(SIZES)('the survey URL without its token (%s)', (size) => {
  it("offers 'Send me the survey link', answers the same for every number and e-mails only the real ticket's contact", async () => {
    const ticket = await resolvedTicket(`Resend ${size}`);
    const first = await until('the first invitation', () => mailedLinks(ticket.ticketNumber)[0]);
    const page = await (await suite.newContext(size)).newPage();

    await page.goto(`/survey?ticket=${ticket.ticketNumber}`);
    await page.getByRole('heading', { name: 'Survey Not Found' }).waitFor();
    await page.getByText(MSG.surveyNotFound).waitFor();
    await shot(page, `survey-resend-${size}`, { fullPage: true });
    await page.getByRole('button', { name: SURVEY_RESEND_TEXT.button }).click();
    await page.getByRole('status').filter({ hasText: SURVEY_RESEND_TEXT.answer }).waitFor();
    await shot(page, `survey-resend-answered-${size}`, { fullPage: true });
    const links = await until('the second invitation', () => {
      const found = mailedLinks(ticket.ticketNumber);
      return found.length >= 2 ? found : undefined;
    });
    expect(links).toEqual([first, first]);

    // An unknown number: the same page, the same answer, nothing e-mailed.
    await page.goto('/survey?ticket=TKT-987654');
    await page.getByRole('button', { name: SURVEY_RESEND_TEXT.button }).click();
    await page.getByRole('status').filter({ hasText: SURVEY_RESEND_TEXT.answer }).waitFor();
    expect(mailedLinks('TKT-987654')).toEqual([]);

    // The re-sent link opens the survey form.
    await page.goto(`/survey?ticket=${ticket.ticketNumber}&token=${links[1]}`);
    await page.getByRole('heading', { name: 'Customer Satisfaction Survey' }).waitFor();
  });
});
