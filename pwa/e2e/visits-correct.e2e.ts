/**
 * A correction of an on-site visit (issue 54 item 3, docs/visits.md "Corrections") at 390x844 and
 * 1366x768: a visit closed out (through the API), then on the ticket 'Correct this visit' opens the
 * close-out prefilled from it (work done, part, customer's name); Close out without a new signature
 * is refused on the screen; with one drawn on the pad it lands through the outbox as a new visit
 * with `supersedesVisitId`. Both are listed: the earlier one 'Superseded: corrected by the visit of
 * ...', the new one 'Corrects the visit of ...'; the earlier visit's service report PDF is byte for
 * byte the one before; the time is recorded once. On the phone the close-out goes one step at a time
 * (Next; the draft keeps the step over a reload; a refused Close out shows the step of its message).
 * `SCREENSHOT_DIR` keeps light and dark screenshots (each phone step: visits/close-out-step-*).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type TicketCreated, type TicketTime, type Visit } from '@portal/shared';
import { pdfText } from '../../api/src/features/visits/pdfText.testkit';
import { SIZES, api, baseURL, browserSuite, dumpIndexedDb, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

async function report(visitId: string): Promise<Buffer> {
  const res = await fetch(`${baseURL()}/api/visits/${visitId}/report.pdf`, { headers: { authorization: `Bearer ${suite.adminToken}` } });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return Buffer.from(await res.arrayBuffer());
}

describe.each(SIZES)('correcting a visit (%s)', (size) => {
  it('opens the close-out prefilled from the visit, needs a new signature, and keeps both visits and the first report', async () => {
    const ticket = await api<TicketCreated>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Pia Correct', businessName: `Harbour Optics ${size}`, customerEmail: `pia@harbour-${size}.test`, customerPhone: '555-0177', severity: 'medium', contactMethod: 'email', issue: 'The switch in the back office is dead.' },
    });
    const now = Date.now();
    const res = await fetch(`${baseURL()}/api/tickets/${ticket.id}/visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${suite.adminToken}`, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: JSON.stringify({ arrivedAt: new Date(now + 1000).toISOString(), departedAt: new Date(now + 60_000).toISOString(), workDone: 'Replaced the switch.', parts: [{ description: '8-port switch', quantity: 1, unitPrice: 39 }], minutes: 50, billable: true, signerName: 'Pia Correct' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const first = (await res.json()) as Visit;
    const before = await report(first.id);

    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto(`/technician?ticket=${ticket.id}`);
    // The close-out reads the ticket and its visits from the device's copy: wait for the first
    // complete pull (after the whole suite the server holds every earlier file's tickets, and the
    // desktop's first sync outlasted the 30 s wait below in a fresh-clone run).
    await page.getByText(/^Last synced /).first().waitFor({ timeout: 90_000 });
    const region = page.getByRole('region', { name: 'On-site visit' });
    await region.getByRole('link', { name: 'Correct this visit' }).click();
    const form = page.getByRole('form', { name: `Close out ${ticket.ticketNumber}` });
    await page.getByText(/^Correcting the visit of .+ by admin: both are kept, and the customer signs again\.$/).waitFor();
    expect(await form.getByLabel('Work done').inputValue()).toBe('Replaced the switch.');
    expect(await form.getByLabel('Part', { exact: true }).inputValue()).toBe('8-port switch');
    expect(await form.getByLabel(/^Time spent/).inputValue()).toBe('50');
    expect(await form.getByLabel("Customer's name").inputValue()).toBe('Pia Correct');
    await form.getByLabel('Work done').fill('Replaced the switch and the patch cable to the printer.');
    // The phone shows one step at a time (Next, Review last); the desktop every section.
    const phone = size === 'phone';
    const next = async (step: string) => {
      await form.getByRole('button', { name: 'Next', exact: true }).click();
      await form.getByText(step).waitFor();
      await shot(page, `visits/close-out-step-${step.replace(/^Step (\d) of 6: (\w+)$/, '$1-$2').toLowerCase()}`);
    };
    if (phone) {
      await form.getByText('Step 1 of 6: Work').waitFor();
      await shot(page, 'visits/close-out-step-1-work');
      await next('Step 2 of 6: Parts');
      await next('Step 3 of 6: Time');
      // The draft keeps the step too: a reload (or a killed browser) comes back here.
      // Saved shortly after the last change: wait until the device's drafts store holds this step
      // (a fixed wait lost the race under the whole suite's load).
      await expect.poll(async () => JSON.stringify((JSON.parse(await dumpIndexedDb(page)) as Record<string, unknown>)['portal-drafts/drafts'] ?? []), { timeout: 15_000 }).toMatch(/"step":"time"/);
      await page.reload();
      await page.getByText('Draft restored').waitFor();
      await form.getByText('Step 3 of 6: Time').waitFor();
      expect(await form.getByLabel('Work done').inputValue()).toBe('Replaced the switch and the patch cable to the printer.');
      await next('Step 4 of 6: Photos');
      await next('Step 5 of 6: Signature');
      await next('Step 6 of 6: Review');
      await form.getByText('Not signed').waitFor();
    }
    await form.getByRole('button', { name: 'Close out', exact: true }).click();
    await form.getByText('A correction needs a new signature: ask the customer to sign again.').first().waitFor();
    if (phone) await form.getByText('Step 5 of 6: Signature').waitFor(); // the refused Close out shows the step of the message
    const pad = form.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 24, box.y + box.height * (0.6 - 0.3 * Math.abs(Math.sin(i / 2))), { steps: 3 });
    await page.mouse.up();
    await form.getByText('Signed.').waitFor();
    await shot(page, `visits/correct-form-${size}`);
    if (phone) {
      await next('Step 6 of 6: Review');
      await form.getByText('Signed by Pia Correct').waitFor();
    }
    await form.getByRole('button', { name: 'Close out', exact: true }).click();

    // Both listed, linked both ways.
    await region.getByText(/^Superseded: corrected by the visit of /).waitFor({ timeout: 60_000 });
    await region.getByText(/^Corrects the visit of /).waitFor();
    await region.getByText('Replaced the switch and the patch cable to the printer.').waitFor();
    await region.getByText('Replaced the switch.', { exact: true }).waitFor();
    await region.getByText(/^Superseded: corrected/).scrollIntoViewIfNeeded();
    await shot(page, `visits/corrected-${size}`);

    const visits = await api<Visit[]>(`/api/tickets/${ticket.id}/visits`, { token: suite.adminToken });
    expect(visits).toHaveLength(2);
    const fix = visits.find((v) => v.id !== first.id)!;
    expect(visits.find((v) => v.id === first.id)!.supersededBy).toBe(fix.id);
    expect(fix).toMatchObject({ supersedesVisitId: first.id, workDone: 'Replaced the switch and the patch cable to the printer.', minutes: 50, signerName: 'Pia Correct', parts: [{ description: '8-port switch', quantity: 1, unitPrice: 39 }] });
    expect(fix.signatureUploadId).toMatch(/^[0-9a-f]{32}$/);
    // The first report is never changed; the correction has its own.
    expect((await report(first.id)).equals(before)).toBe(true);
    expect(pdfText(await report(fix.id))).toContain('Replaced the switch and the patch cable to the printer.');
    // The time is recorded once (the correction's 50 minutes are the first visit's).
    expect((await api<TicketTime>(`/api/tickets/${ticket.id}/time-entries`, { token: suite.adminToken })).entries.map((e) => e.minutes)).toEqual([50]);
  }, 180_000);
});
