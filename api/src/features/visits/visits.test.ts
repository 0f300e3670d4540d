/**
 * Visits API over HTTP against a real database (issue 54 items 1, 2, 6, 7; PGlite, and PostgreSQL
 * with DATABASE_URL): a close-out with parts, time, a photo and a signature resolving its ticket
 * once (one visit, one note with both files, one time entry, one status change) under retries of
 * its Idempotency-Key; the same key with another body refused; each bad input refused with its
 * message and nothing written; permissions (user, another technician's ticket, a closed ticket);
 * the suspicious-clock flag (future, before the ticket); corrections superseding a visit once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, VISIT_MSG, VISIT_PHOTOS_MAX, type Ticket, type TicketUpdateEntry, type Visit, type VisitCreateInput } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { smallPng, tusUpload } from '../attachments/attachments.testkit';
import { pdfImageCount, pdfText } from './pdfText.testkit';
import { visitReport } from './reportService';

let t: TestApp;
let tech: { id: string; token: string };
let other: { id: string; token: string };
let admin = '';
let user = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician');
  other = await t.loginAs('technician');
  admin = (await t.loginAs('admin')).token;
  user = (await t.loginAs('user')).token;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and visits alike
type Body = Visit & { message?: string; fieldErrors?: any };
const post = (ticketId: string, body: unknown, key: string = randomUUID(), token = tech.token) =>
  t.request<Body>('POST', `/api/tickets/${ticketId}/visits`, { token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
const count = async (sql: string) => Number(((await t.db.execute(sql as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const visitsOf = (ticketId: string) => count(`select count(*)::int as n from visits where ticket_id = '${ticketId}'`);

/** A valid close-out that happened in the last hour by the test clock. */
function closeOut(overrides: Partial<VisitCreateInput> = {}): VisitCreateInput {
  const now = t.clock.now().getTime();
  return {
    arrivedAt: new Date(now - 60 * 60_000).toISOString(),
    departedAt: new Date(now - 5 * 60_000).toISOString(),
    workDone: 'Replaced the fuser unit and cleared the paper path.',
    parts: [{ description: 'Fuser unit HP RM2-5399', quantity: 1, unitPrice: 89.5 }, { description: 'Cable ties', quantity: 4 }],
    minutes: 55,
    billable: true,
    ...overrides,
  };
}

async function newTicket(): Promise<string> {
  const created = await t.createTicket();
  // The ticket existed an hour and a half before the visits (test clock).
  await t.db.execute(`update support_tickets set created_at = now() - interval '90 minutes' where id = '${created.id}'` as never);
  return created.id;
}

describe('visits', () => {
  it('closes out a visit with parts, time, a photo and a signature and resolves the ticket once, under retries', async () => {
    const ticketId = await newTicket();
    const photo = await tusUpload(t.url, 'rack.png', await smallPng());
    const signature = await tusUpload(t.url, 'signature.png', await smallPng());
    const body = closeOut({ photoUploadIds: [photo], signatureUploadId: signature, signerName: 'Dana Client', resolve: true });
    const key = randomUUID();
    const first = await post(ticketId, body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      ticketId,
      technicianId: tech.id,
      arrivedAt: body.arrivedAt,
      departedAt: body.departedAt,
      clockSuspect: false,
      clockNote: null,
      parts: [{ description: 'Fuser unit HP RM2-5399', quantity: 1, unitPrice: 89.5 }, { description: 'Cable ties', quantity: 4, unitPrice: null }],
      minutes: 55,
      photoUploadIds: [photo],
      signatureUploadId: signature,
      signerName: 'Dana Client',
      resolve: true,
      supersededBy: null,
    });
    const again = await post(ticketId, body, key);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);

    expect(await visitsOf(ticketId)).toBe(1);
    expect(await count(`select count(*)::int as n from time_entries where ticket_id = '${ticketId}' and minutes = 55 and billable`)).toBe(1);
    // The photo, the signature and the service report PDF.
    expect(await count(`select count(*)::int as n from ticket_attachments where ticket_id = '${ticketId}'`)).toBe(3);
    const ticket = (await t.request<Ticket>('GET', `/api/tickets/${ticketId}`, { token: tech.token })).body;
    expect([ticket.status, ticket.resolution]).toEqual(['resolved', body.workDone]);
    const history = (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${ticketId}`, { token: tech.token })).body;
    expect(history.filter((h) => h.updateType === 'status_change')).toHaveLength(1);
    const note = history.find((h) => h.updateType === 'comment')!;
    expect(note.comment).toContain('Replaced the fuser unit');
    expect(note.comment).toContain('Signed by Dana Client.');
    expect(note.reply).toBe(false);

    const listed = await t.request<Visit[]>('GET', `/api/tickets/${ticketId}/visits`, { token: admin });
    expect(listed.body).toEqual([first.body]);
  });

  it('refuses the same key with another body (the first close-out stays the only one)', async () => {
    const ticketId = await newTicket();
    const key = randomUUID();
    expect((await post(ticketId, closeOut(), key)).status).toBe(201);
    const reused = await post(ticketId, closeOut({ workDone: 'Something else entirely' }), key);
    expect([reused.status, reused.body.message]).toEqual([422, `${IDEMPOTENCY_KEY_HEADER} reused for a different request`]);
    expect(await visitsOf(ticketId)).toBe(1);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const ticketId = await newTicket();
    const now = t.clock.now().getTime();
    const backwards = await post(ticketId, closeOut({ arrivedAt: new Date(now - 60_000).toISOString(), departedAt: new Date(now - 120_000).toISOString() }));
    expect([backwards.status, backwards.body.fieldErrors.departedAt]).toEqual([400, [VISIT_MSG.departureBeforeArrival]]);
    const negative = await post(ticketId, closeOut({ parts: [{ description: 'Toner', quantity: -1 }] }));
    expect([negative.status, negative.body.fieldErrors.parts]).toEqual([400, [VISIT_MSG.quantityPositive]]);
    const zero = await post(ticketId, closeOut({ parts: [{ description: 'Toner', quantity: 0 }] }));
    expect(zero.status).toBe(400);
    const unsigned = await post(ticketId, closeOut({ signatureUploadId: await tusUpload(t.url, 'sig.png', await smallPng()) }));
    expect([unsigned.status, unsigned.body.fieldErrors.signerName]).toEqual([400, [VISIT_MSG.signerRequired]]);

    const text = await tusUpload(t.url, 'signature.txt', Buffer.from('not a picture at all\n'));
    const notImage = await post(ticketId, closeOut({ signatureUploadId: text, signerName: 'Dana' }));
    expect([notImage.status, notImage.body.message, notImage.body.fieldErrors.signatureUploadId]).toEqual([400, VISIT_MSG.signatureNotImage, [VISIT_MSG.signatureNotImage]]);
    const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } }).png().toBuffer();
    const huge = await post(ticketId, closeOut({ signatureUploadId: await tusUpload(t.url, 'big.png', noise), signerName: 'Dana' }));
    expect([huge.status, huge.body.message]).toEqual([400, VISIT_MSG.signatureTooLarge]);

    expect(await visitsOf(ticketId)).toBe(0);
    expect(await count(`select count(*)::int as n from time_entries where ticket_id = '${ticketId}'`)).toBe(0);
    expect(await count(`select count(*)::int as n from ticket_attachments where ticket_id = '${ticketId}'`)).toBe(0);
    expect(await count(`select count(*)::int as n from ticket_updates where ticket_id = '${ticketId}' and update_type = 'comment'`)).toBe(0);
  });

  it('permissions: a user 403, another technician 403 on an assigned ticket, admins may, a closed ticket 409, no ticket 404', async () => {
    const ticketId = await newTicket();
    const assign = await t.request('PATCH', `/api/tickets/${ticketId}`, { token: admin, body: { assignedTo: tech.id } });
    expect(assign.status).toBe(200);
    expect((await post(ticketId, closeOut(), randomUUID(), user)).status).toBe(403);
    const foreign = await post(ticketId, closeOut(), randomUUID(), other.token);
    expect([foreign.status, foreign.body.message]).toEqual([403, VISIT_MSG.notYourTicket]);
    expect((await t.request('GET', `/api/tickets/${ticketId}/visits`, { token: user })).status).toBe(403);
    expect((await post(ticketId, closeOut(), randomUUID(), admin)).status).toBe(201);
    expect((await post(ticketId, closeOut())).status).toBe(201);
    expect(await visitsOf(ticketId)).toBe(2);

    const closed = await newTicket();
    expect((await t.request('PATCH', `/api/tickets/${closed}`, { token: admin, body: { status: 'closed', resolution: 'Done by phone.' } })).status).toBe(200);
    const refused = await post(closed, closeOut());
    expect([refused.status, refused.body.message]).toEqual([409, VISIT_MSG.ticketClosed]);
    expect(await visitsOf(closed)).toBe(0);
    expect((await post(randomUUID(), closeOut())).status).toBe(404);
    expect((await t.request('GET', `/api/tickets/${randomUUID()}/visits`, { token: tech.token })).status).toBe(404);
  });

  it('flags a phone clock in the future or before the ticket existed, keeping the times as sent', async () => {
    const ticketId = await newTicket();
    const now = t.clock.now().getTime();
    const ahead = await post(ticketId, closeOut({ arrivedAt: new Date(now + 50 * 60_000).toISOString(), departedAt: new Date(now + 90 * 60_000).toISOString() }));
    expect(ahead.body).toMatchObject({ clockSuspect: true, clockNote: VISIT_MSG.futureClock });
    expect(ahead.body.receivedAt).toBe(new Date(now).toISOString());
    const early = closeOut({ arrivedAt: '2001-01-01T09:00:00+02:00', departedAt: '2001-01-01T10:00:00+02:00' });
    const before = await post(ticketId, early);
    expect(before.body).toMatchObject({ clockSuspect: true, clockNote: VISIT_MSG.beforeTicketClock, arrivedAt: '2001-01-01T09:00:00+02:00' });
    const drift = await post(ticketId, closeOut({ departedAt: new Date(now + 60_000).toISOString() }));
    expect(drift.body).toMatchObject({ clockSuspect: false, clockNote: null });
  });

  it('a correction supersedes a visit once; both are kept; a visit of another ticket cannot be superseded', async () => {
    const ticketId = await newTicket();
    const first = (await post(ticketId, closeOut())).body;
    t.clock.advance(1000); // listed oldest first
    const fix = await post(ticketId, closeOut({ workDone: 'Replaced the fuser unit (corrected part number).', supersedesVisitId: first.id }));
    expect([fix.status, fix.body.supersedesVisitId]).toEqual([201, first.id]);
    const twice = await post(ticketId, closeOut({ supersedesVisitId: first.id }));
    expect([twice.status, twice.body.message]).toEqual([409, VISIT_MSG.alreadySuperseded]);
    const elsewhere = await post(await newTicket(), closeOut({ supersedesVisitId: first.id }));
    expect([elsewhere.status, elsewhere.body.fieldErrors.supersedesVisitId]).toEqual([400, [VISIT_MSG.supersedeOtherTicket]]);
    const listed = (await t.request<Visit[]>('GET', `/api/tickets/${ticketId}/visits`, { token: tech.token })).body;
    expect(listed.map((v) => [v.id, v.supersededBy, v.supersedesVisitId])).toEqual([
      [first.id, fix.body.id, null],
      [fix.body.id, null, first.id],
    ]);
    // The time is not recorded twice: the correction (55 minutes as the first) adds no time entry.
    const minutesOf = async () => (await t.request<{ entries: { minutes: number }[] }>('GET', `/api/tickets/${ticketId}/time-entries`, { token: tech.token })).body.entries.map((e) => e.minutes);
    expect(await minutesOf()).toEqual([55]);
    // A correction of the correction with more time records only the difference.
    const longer = await post(ticketId, closeOut({ minutes: 70, supersedesVisitId: fix.body.id }));
    expect(longer.status, longer.text).toBe(201);
    expect((await minutesOf()).sort((a, b) => a - b)).toEqual([15, 55]);
  });

  it('renders the service report: work done, parts, time, signer and the signature image; staff only; 404 for no visit', async () => {
    const ticketId = await newTicket();
    const signature = await tusUpload(t.url, 'signature.png', await smallPng());
    const visit = (await post(ticketId, closeOut({ signatureUploadId: signature, signerName: 'Dana Client' }))).body;
    const res = await fetch(`${t.url}/api/visits/${visit.id}/report.pdf`, { headers: { authorization: `Bearer ${tech.token}` } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfImageCount(served)).toBe(1);

    const text = pdfText((await visitReport({ config: t.config, db: t.db }, visit.id, { compress: false })).pdf);
    for (const expected of ['Service report', 'Replaced the fuser unit and cleared the paper path.', '1 x Fuser unit HP RM2-5399 @ 89.50 = 89.50', '4 x Cable ties', '55 minutes, billable', `Signed by Dana Client at ${visit.departedAt}`, 'Acme Ltd']) {
      expect(text).toContain(expected);
    }
    expect((await t.request('GET', `/api/visits/${visit.id}/report.pdf`, { token: user })).status).toBe(403);
    expect((await t.request('GET', `/api/visits/${visit.id}/report.pdf`)).status).toBe(401);
    const missing = await t.request<Body>('GET', `/api/visits/${randomUUID()}/report.pdf`, { token: tech.token });
    expect([missing.status, missing.body.message]).toEqual([404, VISIT_MSG.visitNotFound]);
  });
  it(`takes up to ${VISIT_PHOTOS_MAX} photos in one close-out; one more is refused with nothing written`, async () => {
    const ticketId = await newTicket();
    const png = await smallPng();
    const photos: string[] = [];
    for (let i = 0; i <= VISIT_PHOTOS_MAX; i++) photos.push(await tusUpload(t.url, `photo-${i}.png`, png));
    const over = await post(ticketId, closeOut({ photoUploadIds: photos }));
    expect(over.status).toBe(400);
    expect(over.body.fieldErrors.photoUploadIds).toEqual([`At most ${VISIT_PHOTOS_MAX} photos can be attached to a close-out`]);
    expect(await visitsOf(ticketId)).toBe(0);
    const ok = await post(ticketId, closeOut({ photoUploadIds: photos.slice(0, VISIT_PHOTOS_MAX) }));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.photoUploadIds).toHaveLength(VISIT_PHOTOS_MAX);
  }, 120_000);
});
