/**
 * Service reports of close-outs (issue 54 item 3; PGlite, and PostgreSQL with DATABASE_URL): when a
 * close-out lands, its PDF (branding, checklist at close-out, photo thumbnails, signature) is attached
 * to the ticket and e-mailed to the ticket's contact once, with the PDF attached, also when SMTP is
 * down at first and the close-out is retried; "Resend report" queues one more; the customer downloads
 * it from the status link (not another ticket's, not a superseded one).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, VISIT_MSG, type TicketStatusView, type Visit, type VisitCreateInput } from '@portal/shared';
import { allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import type { TestApp } from '../../test/app';
import { smallPng, tusUpload } from '../attachments/attachments.testkit';
import { exponentialBackoff } from '../../notify/dispatcher';
import { pdfImageCount, pdfText } from './pdfText.testkit';
import { renderServiceReport } from './report';
import { presentVisit } from './presenter';
import { findVisit } from './repository';

let h: NotifyTestApp;
let t: TestApp;
let tech = '';
let admin = '';
beforeAll(async () => {
  h = await startNotifyTestApp();
  t = h.t;
  tech = (await t.loginAs('technician')).token;
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => h.close());

const post = (ticketId: string, body: unknown, key: string = randomUUID()) =>
  t.request<Visit>('POST', `/api/tickets/${ticketId}/visits`, { token: tech, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
const count = async (sql: string) => Number(((await t.db.execute(sql as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const reportJobs = async (ticketId: string) => (await allJobs(t.db)).filter((j) => j.kind === 'visit_report_email' && j.ticketId === ticketId);

function closeOut(overrides: Partial<VisitCreateInput> = {}): VisitCreateInput {
  const now = t.clock.now().getTime();
  return {
    arrivedAt: new Date(now - 60 * 60_000).toISOString(),
    departedAt: new Date(now - 5 * 60_000).toISOString(),
    workDone: 'Replaced the switch in the server room and re-patched rack B.',
    parts: [{ description: 'Switch 24 port', quantity: 1, unitPrice: 240 }],
    minutes: 50,
    billable: true,
    ...overrides,
  };
}

/** A ticket created 90 minutes ago with its status link token. */
async function newTicket(customerEmail = `${randomUUID().slice(0, 8)}@customer.test`) {
  const created = await t.createTicket({ customerEmail });
  await t.db.execute(`update support_tickets set created_at = now() - interval '90 minutes' where id = '${created.id}'` as never);
  const token = /\/status\/([A-Za-z0-9_-]{43})$/.exec(created.statusUrl ?? '')?.[1];
  return { id: created.id, number: created.ticketNumber, token: token!, customerEmail };
}

/** The base64 parts of `application/pdf` in a raw MIME message, decoded. */
function mailPdfs(raw: string): Buffer[] {
  const out: Buffer[] = [];
  for (const part of raw.split(/\r?\n--/)) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const body = part.split(/\r?\n\r?\n/).slice(1).join('\n');
    out.push(Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64'));
  }
  return out;
}

describe('service report', () => {
  it('attaches the report and e-mails it once, with the PDF, while SMTP is down at first and the close-out is retried', async () => {
    const brand = await t.request('PUT', '/api/settings/report-branding', { token: admin, body: { businessName: 'Northwind IT Services', logoBase64: (await smallPng()).toString('base64') } });
    expect([brand.status, brand.body]).toEqual([200, { businessName: 'Northwind IT Services', logo: true }]);
    const ticket = await newTicket();
    const item = await t.request('POST', `/api/tickets/${ticket.id}/checklist`, { token: tech, body: { text: 'Label the new switch ports', required: true }, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
    expect(item.status, item.text).toBe(201);
    const itemId = (item.body as { id?: string; items?: { id: string }[] }).id ?? (item.body as { items: { id: string }[] }).items[0]!.id;
    expect((await t.request('PATCH', `/api/tickets/${ticket.id}/checklist/${itemId}`, { token: tech, body: { done: true }, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } })).status).toBe(200);

    const photos = [await tusUpload(t.url, 'rack-before.png', await smallPng()), await tusUpload(t.url, 'rack-after.png', await smallPng())];
    const signature = await tusUpload(t.url, 'signature.png', await smallPng());
    const body = closeOut({ photoUploadIds: photos, signatureUploadId: signature, signerName: 'Dana Client', resolve: true });
    h.smtp.down();
    const key = randomUUID();
    const first = await post(ticket.id, body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body.checklist).toEqual([{ text: 'Label the new switch ports', required: true, done: true }]);
    expect(first.body.reportAttachmentId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await post(ticket.id, body, key);
    expect([again.status, again.body]).toEqual([201, first.body]);

    // One PDF attached to the ticket (beside the two photos and the signature), named by the visit.
    const pdfRows = await count(`select count(*)::int as n from ticket_attachments where ticket_id = '${ticket.id}' and content_type = 'application/pdf'`);
    expect([pdfRows, await count(`select count(*)::int as n from ticket_attachments where ticket_id = '${ticket.id}'`)]).toEqual([1, 4]);
    const attached = await fetch(`${t.url}/api/tickets/${ticket.id}/attachments/${first.body.reportAttachmentId}`, { headers: { authorization: `Bearer ${tech}` } });
    expect(attached.status).toBe(200);
    const stored = Buffer.from(await attached.arrayBuffer());
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Logo, two photo thumbnails and the signature, all as JPEG (decoded in the image process).
    expect(pdfImageCount(stored)).toBe(4);

    // SMTP down: the one job waits and retries; back up: exactly one e-mail with the PDF.
    expect((await reportJobs(ticket.id)).map((j) => [j.recipient, j.status])).toEqual([[ticket.customerEmail, 'pending']]);
    await t.notifier.dispatcher.runOnce();
    expect((await reportJobs(ticket.id)).map((j) => [j.status, j.attempts])).toEqual([['pending', 1]]);
    h.smtp.up();
    t.clock.advance(exponentialBackoff(1));
    await t.notifier.dispatcher.runOnce();
    await t.notifier.dispatcher.runOnce();
    expect((await reportJobs(ticket.id)).map((j) => j.status)).toEqual(['sent']);
    const mails = h.smtp.to(ticket.customerEmail).filter((m) => m.subject === `Service report for ticket ${ticket.number}`);
    expect(mails).toHaveLength(1);
    const [pdf] = mailPdfs(mails[0]!.raw);
    expect(pdf!.equals(stored)).toBe(true);
    expect(mails[0]!.decoded).toContain(`filename=service-report-${ticket.number}-`);
  });

  it("prints the branding, the checklist at close-out, the photos, parts and signer (the PDF's text)", async () => {
    const ticket = await newTicket();
    const photo = await tusUpload(t.url, 'cabinet.png', await smallPng());
    const signature = await tusUpload(t.url, 'sig.png', await smallPng());
    const visit = (await post(ticket.id, closeOut({ photoUploadIds: [photo], signatureUploadId: signature, signerName: 'Lee Owner' }))).body;
    const row = (await findVisit(t.db, visit.id))!;
    const text = pdfText(
      await renderServiceReport(
        {
          visit: { ...presentVisit(row, null), checklist: [{ text: 'Test the UPS', required: false, done: false }] },
          ticket: { ticketNumber: ticket.number, issue: 'Switch down', clientName: 'Casey Customer', businessName: 'Acme Ltd', customerEmail: ticket.customerEmail },
          branding: { businessName: 'Northwind IT Services', logo: null },
          photos: [],
          signature: null,
        },
        { compress: false },
      ),
    );
    for (const expected of ['Northwind IT Services', 'Service report', `Ticket ${ticket.number}`, 'Replaced the switch in the server room', '1 x Switch 24 port @ 240.00 = 240.00', '[ ] Test the UPS', `Signed by Lee Owner at ${visit.departedAt}`]) {
      expect(text).toContain(expected);
    }
    const served = await fetch(`${t.url}/api/visits/${visit.id}/report.pdf`, { headers: { authorization: `Bearer ${tech}` } });
    expect(pdfImageCount(Buffer.from(await served.arrayBuffer()))).toBeGreaterThanOrEqual(2); // photo + signature (+ logo)
  });

  it("shows the linked client's name, site and contact record; an unlinked ticket falls back to its free text", async () => {
    const call = async <T>(path: string, body: unknown) => {
      const res = await t.request<T>('POST', path, { token: tech, body });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const client = await call<{ id: string }>('/api/clients', { name: 'Harbor Dental Group' });
    const site = await call<{ id: string }>(`/api/clients/${client.id}/sites`, { name: 'Harbor Street clinic', address: '12 Harbor St, Springfield', accessNotes: 'Alarm 4321' });
    const contact = await call<{ id: string }>(`/api/clients/${client.id}/contacts`, { name: 'Robin Manager', email: 'robin@harbor.test', phone: '201 555 0177' });
    const linked = await newTicket();
    const patched = await t.request('PATCH', `/api/tickets/${linked.id}`, { token: tech, body: { clientId: client.id, siteId: site.id, contactId: contact.id } });
    expect(patched.status, patched.text).toBe(200);
    const plain = await newTicket();
    const texts: string[] = [];
    const sizes: string[] = [];
    for (const ticket of [linked, plain]) {
      const visit = (await post(ticket.id, closeOut())).body;
      const served = await fetch(`${t.url}/api/visits/${visit.id}/report.pdf`, { headers: { authorization: `Bearer ${tech}` } });
      expect(served.status).toBe(200);
      const pdf = Buffer.from(await served.arrayBuffer());
      sizes.push(`${pdf.length} bytes, starts ${JSON.stringify(pdf.subarray(0, 8).toString('latin1'))}, ${(pdf.toString('latin1').match(/endstream/g) ?? []).length} streams`);
      texts.push(pdfText(pdf));
    }
    const [linkedText, plainText] = texts as [string, string];
    // The PDF's size and streams in the message: the text once came back empty (CI, Node 24 worker run).
    for (const expected of ['Harbor Dental Group', 'Site: Harbor Street clinic, 12 Harbor St, Springfield', 'Contact: Robin Manager <robin@harbor.test>, +12015550177']) expect(linkedText, sizes[0]).toContain(expected);
    expect(linkedText).not.toContain('Alarm 4321'); // access notes are the technicians', not the customer's report
    expect(plainText).toContain(`Contact: Casey Customer <${plain.customerEmail}>`);
    expect(plainText).not.toContain('Site:');
  });

  it("mails the report (and a resend) to the linked contact record's own address; without one, to the ticket's", async () => {
    const call = async <T>(path: string, body: unknown) => {
      const res = await t.request<T>('POST', path, { token: tech, body });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const client = await call<{ id: string }>('/api/clients', { name: 'Quayside Opticians' });
    const robin = await call<{ id: string }>(`/api/clients/${client.id}/contacts`, { name: 'Robin Quay', email: 'robin@quayside.test' });
    const noMail = await call<{ id: string }>(`/api/clients/${client.id}/contacts`, { name: 'Sam Nomail', phone: '201 555 0199' });
    const link = async (ticketId: string, contactId: string) => {
      const res = await t.request('PATCH', `/api/tickets/${ticketId}`, { token: tech, body: { clientId: client.id, contactId } });
      expect(res.status, res.text).toBe(200);
    };
    const toContact = await newTicket();
    await link(toContact.id, robin.id);
    const toTicket = await newTicket();
    await link(toTicket.id, noMail.id);
    const unlinked = await newTicket();
    const visits: Visit[] = [];
    for (const ticket of [toContact, toTicket, unlinked]) visits.push((await post(ticket.id, closeOut())).body);
    expect((await t.request('POST', `/api/visits/${visits[0]!.id}/resend`, { token: tech })).status).toBe(202);
    const recipients = async (ticketId: string) => (await reportJobs(ticketId)).map((j) => j.recipient);
    expect(await recipients(toContact.id)).toEqual(['robin@quayside.test', 'robin@quayside.test']);
    expect(await recipients(toTicket.id)).toEqual([toTicket.customerEmail]);
    expect(await recipients(unlinked.id)).toEqual([unlinked.customerEmail]);
    await t.notifier.dispatcher.runOnce();
    const mails = h.smtp.to('robin@quayside.test').filter((m) => m.subject === `Service report for ticket ${toContact.number}`);
    expect(mails).toHaveLength(2);
    expect(h.smtp.to(toContact.customerEmail).filter((m) => m.subject.startsWith('Service report'))).toHaveLength(0);
    expect(mails[0]!.decoded).toContain('Hello Robin Quay,');
  });

  it('Resend report queues one more e-mail (a keyed retry none); staff only; 404 for no visit', async () => {
    const ticket = await newTicket();
    const visit = (await post(ticket.id, closeOut())).body;
    expect(await reportJobs(ticket.id)).toHaveLength(1);
    const key = randomUUID();
    const resend = () => t.request('POST', `/api/visits/${visit.id}/resend`, { token: tech, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const first = await resend();
    expect([first.status, first.body]).toEqual([202, { message: VISIT_MSG.reportResent }]);
    expect((await resend()).status).toBe(202);
    expect(await reportJobs(ticket.id)).toHaveLength(2);
    const user = (await t.loginAs('user')).token;
    expect((await t.request('POST', `/api/visits/${visit.id}/resend`, { token: user })).status).toBe(403);
    expect((await t.request('POST', `/api/visits/${randomUUID()}/resend`, { token: tech })).status).toBe(404);
    await t.notifier.dispatcher.runOnce();
    expect(h.smtp.to(ticket.customerEmail).filter((m) => m.subject === `Service report for ticket ${ticket.number}`)).toHaveLength(2);
  });

  it('the customer downloads the report from the status link; a superseded one, another ticket\'s or a bad token is the neutral 404', async () => {
    const ticket = await newTicket();
    const other = await newTicket();
    const first = (await post(ticket.id, closeOut())).body;
    t.clock.advance(1000);
    const fix = (await post(ticket.id, closeOut({ workDone: 'Replaced the switch (corrected).', supersedesVisitId: first.id }))).body;
    const view = (await t.request<TicketStatusView>('GET', `/api/ticket-status/${ticket.token}`)).body;
    expect(view.reports).toEqual([{ visitId: fix.id, departedAt: fix.departedAt, fileName: `service-report-${ticket.number}-${fix.departedAt.slice(0, 10)}.pdf` }]);
    const res = await fetch(`${t.url}/api/ticket-status/${ticket.token}/visits/${fix.id}/report.pdf`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      `attachment; filename="service-report-${ticket.number}-${fix.departedAt.slice(0, 10)}.pdf"`,
    ]);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const path of [`${ticket.token}/visits/${first.id}`, `${other.token}/visits/${fix.id}`, `${'A'.repeat(43)}/visits/${fix.id}`]) {
      expect((await fetch(`${t.url}/api/ticket-status/${path}/report.pdf`)).status).toBe(404);
    }
    expect((await t.request<TicketStatusView>('GET', `/api/ticket-status/${other.token}`)).body.reports).toEqual([]);
  });
});
