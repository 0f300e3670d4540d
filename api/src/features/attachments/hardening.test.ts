/**
 * Issue 55, uploads (defects 4, 5, 6 and the upload parts of 12), on the local disk: a finished
 * upload is never served back (it ran as script when served with the sender's type); a photo's GPS
 * original leaves the tus store as soon as its re-encoded copy is stored; an anonymous image bomb is
 * refused from its header, image work costs upload points, and a photo over the image time limit is
 * refused with its process stopped; the quota of anonymous unattached
 * bytes per IP (429) and in total (507), enforced by the sweep; an anonymous ticket naming an
 * upload already on another ticket is a 409 that keeps nothing; names lose bidi controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@portal/shared';
import { supportTickets } from '../../db/schema';
import { memoryLimiters, type Limiter, type LimiterFactory } from '../../http/rate-limit';
import { startTestApp, ticketBody, type TestApp } from '../../test/app';
import { jpegWithGps, pngHeaderOnly, slowPng, smallPng, tusCreate, tusOffset, tusPatch, tusUpload } from './attachments.testkit';
import { PENDING_TOTAL_MESSAGE, pendingIpMessage } from './quota';
import { attachmentsFor } from './runtime';
import { enforcePendingQuota } from './sweep';

const MB = 1024 * 1024;
let t: TestApp;
let tech = '';
/** Points taken from the uploadCreate limiter, per call. */
const uploadPoints: number[] = [];
const recording: LimiterFactory = (name, limit) => {
  const limiter = memoryLimiters(name, limit);
  if (name !== 'uploadCreate') return limiter;
  const consume = limiter.consume.bind(limiter);
  return Object.assign(limiter, { consume: (key: string | number, points = 1) => (uploadPoints.push(points), consume(key, points)) }) as Limiter;
};

beforeAll(async () => {
  t = await startTestApp({ env: { ATTACHMENT_MAX_MB: '2', ATTACHMENT_PENDING_IP_MB: '3', ATTACHMENT_PENDING_TOTAL_MB: '100' }, limiterFactory: recording });
  tech = (await t.loginAs('technician')).token;
});
afterAll(() => t?.close());

const ticket = async (id: string) => (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech })).body;

describe('uploads (issue 55)', () => {
  it('4: a finished upload is never served back, to anyone, whatever type its sender named', async () => {
    const script = Buffer.from('alert(document.cookie) // notes\n');
    const created = await tusCreate(t.url, script.length, 'notes.txt', { 'Upload-Metadata': `filename ${Buffer.from('notes.txt').toString('base64')},filetype ${Buffer.from('text/javascript').toString('base64')}` });
    expect((await tusPatch(t.url, created.location!, 0, script)).status).toBe(204);
    for (const headers of [{}, { authorization: `Bearer ${tech}` }] as Record<string, string>[]) {
      const res = await fetch(t.url + created.location!, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/javascript/);
      expect(await res.text()).not.toContain('alert(');
    }
  });

  it('4: the GPS original leaves the tus store as soon as the re-encoded photo is stored', async () => {
    const upload = await tusUpload(t.url, 'IMG_1.JPG', await jpegWithGps(400, 300));
    const { id } = await t.createTicket({ attachments: [upload] });
    expect(await tusOffset(t.url, `/api/uploads/${upload}`)).toBeNull();
    expect((await ticket(id)).attachments).toHaveLength(1);
  });

  it('12: an anonymous ticket naming an upload already on another ticket answers 409 and keeps nothing; names lose bidi controls', async () => {
    const upload = await tusUpload(t.url, 'report\u202Efdp.txt', Buffer.from('plain text report\n'));
    const first = await t.createTicket({ attachments: [upload] });
    expect((await ticket(first.id)).attachments!.map((a) => a.fileName)).toEqual(['reportfdp.txt']);
    const before = (await t.db.select().from(supportTickets)).length;
    const again = await t.request('POST', '/api/tickets', { body: ticketBody({ attachments: [upload] }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This file is already attached to another ticket.');
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
  });

  it('5: an anonymous 9999x9999 PNG is refused from its header; image work costs upload points', async () => {
    const bomb = pngHeaderOnly(9999, 9999);
    const created = await tusCreate(t.url, bomb.length, 'bomb.png');
    const finished = await tusPatch(t.url, created.location!, 0, bomb);
    expect(finished.status).toBe(400);
    expect(JSON.parse(finished.text).message).toBe('bomb.png is too large to process: at most 40 megapixels.');
    expect(await tusOffset(t.url, created.location!)).toBeNull();

    uploadPoints.length = 0;
    const big = pngHeaderOnly(6000, 5000); // 30 MP: 3 points for the decoding, 1 for the creation
    const ok = await tusCreate(t.url, big.length, 'big.png');
    expect((await tusPatch(t.url, ok.location!, 0, big)).status).toBe(204);
    expect(uploadPoints).toEqual([1, 3]);
  });

  it('5: an anonymous photo over the image time limit is refused (422, nothing kept), its process stopped, and the next photo attaches', async () => {
    const rt = attachmentsFor(t);
    const slowUpload = await tusUpload(t.url, 'slow.png', await slowPng());
    const before = (await t.db.select().from(supportTickets)).length;
    rt.limits.imageTimeoutMs = 1; // stops any real decode; the next photo gets ten minutes
    const refused = await t.request('POST', '/api/tickets', { body: ticketBody({ attachments: [slowUpload] }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'image_too_slow', message: 'slow.png took too long to process; send a smaller or simpler image.' });
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
    expect(rt.images.stats()).toMatchObject({ killed: 1, running: 0 });

    rt.limits.imageTimeoutMs = 10 * 60_000;
    const photo = await tusUpload(t.url, 'photo.png', await smallPng());
    const staffPhoto = await tusUpload(t.url, 'staff.png', await smallPng(), { authorization: `Bearer ${tech}` });
    const { id } = await t.createTicket({ attachments: [photo] });
    expect((await ticket(id)).attachments!.map((a) => a.fileName)).toEqual(['photo.png']);
    const update = await t.request<Ticket>('PATCH', `/api/tickets/${id}`, { token: tech, body: { comment: 'Photo of the rack', attachments: [staffPhoto] } });
    expect(update.status).toBe(200);
    expect((await ticket(id)).attachments).toHaveLength(2);
  });

  it('6: unattached anonymous bytes are capped per IP (429) and in total (507), staff uploads are not; the sweep enforces it', async () => {
    const rt = attachmentsFor(t);
    await enforcePendingQuota(rt); // the earlier tests' leftovers, counted from the store
    const start = rt.pending.bytesOf('127.0.0.1') + rt.pending.bytesOf('::ffff:127.0.0.1');
    const room = 3 * MB - start;
    const a = await tusCreate(t.url, Math.floor(room / 2), 'a.txt');
    const b = await tusCreate(t.url, Math.floor(room / 2), 'b.txt');
    expect([a.status, b.status]).toEqual([201, 201]);
    const over = await tusCreate(t.url, 2 * MB, 'c.txt');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text).message).toBe(pendingIpMessage(3 * MB));
    expect((await tusCreate(t.url, 2 * MB, 'staff.txt', { authorization: `Bearer ${tech}` })).status).toBe(201);

    rt.limits.pendingPerIpBytes = 100 * MB;
    rt.limits.pendingTotalBytes = rt.pending.total() + MB;
    const full = await tusCreate(t.url, 2 * MB, 'd.txt');
    expect(full.status).toBe(507);
    expect(JSON.parse(full.text).message).toBe(PENDING_TOTAL_MESSAGE);

    // Another process took more than its share: the sweep removes the newest uploads over the quota.
    rt.limits.pendingTotalBytes = rt.pending.total() - 1;
    expect(await enforcePendingQuota(rt)).toBe(1);
    expect(await tusOffset(t.url, b.location!)).toBeNull();
    expect(await tusOffset(t.url, a.location!)).toBe(0);
  });
});
