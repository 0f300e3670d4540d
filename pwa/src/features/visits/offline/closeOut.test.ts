/**
 * The `visit.closeOut` kind: the whole close-out (photos, signature PNG, then the close-out) is queued
 * in one transaction in the ticket's stream; the files go first and their upload ids replace the
 * placeholders (the signature as `signatureUploadId`); retries after a lost answer keep one
 * Idempotency-Key, so the server makes one visit; the answer is kept on the device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '@portal/shared';
import { fileUploadKind, registerOfflineFeature, registerOutboxKind, type FileUploadPayload } from '../../../offline/core';
import { NetworkError, drainOutbox, freshDb, type Transport } from '../../../offline/model-server.testkit';
import { ARRIVALS, VISIT_CLOSE_OUT, enqueueCloseOut, readArrival, readQueuedCloseOuts, readStoredVisits, recordArrival, visitsOffline } from '.';

const tech = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const ticket = { id: '00000000-0000-4000-8000-000000000001', ticketNumber: 'TKT-000001' };
const body = { arrivedAt: '2026-11-29T09:00:00.000Z', departedAt: '2026-11-29T10:00:00.000Z', workDone: 'Replaced the switch', parts: [{ description: 'Switch', quantity: 1, unitPrice: 40 }], minutes: 60, billable: true, signerName: 'Dana Smith', resolve: true };
const idOf = (name: string) => (name === 'signature.png' ? 'b' : 'a').repeat(32);
const sent: string[] = [];
let unregister: () => void;

beforeAll(() => {
  registerOfflineFeature(visitsOffline);
  unregister = registerOutboxKind({
    ...fileUploadKind,
    send: async (item) => {
      const p = item.payload as FileUploadPayload;
      sent.push(`file ${p.fileName} ${p.size} bytes`);
      return { status: 201, retryAfterMs: null, body: { uploadId: idOf(p.fileName) } };
    },
  });
});
afterAll(() => {
  unregister();
  registerOfflineFeature(visitsOffline);
});

describe('visit.closeOut', () => {
  it('queues files and close-out together, sends the files first and the close-out once', async () => {
    const { db } = freshDb();
    sent.length = 0;
    await recordArrival(db, ticket.id, new Date(body.arrivedAt));
    const signature = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await enqueueCloseOut(db, { ticket, body, photos: [{ file: new Blob(['x'], { type: 'image/jpeg' }), name: 'rack.jpg' }], signature, user: tech });
    expect((await db.outbox.toArray()).map((i) => i.kind)).toEqual(['file.upload', 'file.upload', VISIT_CLOSE_OUT]);
    expect(new Set((await db.outbox.toArray()).map((i) => i.stream))).toEqual(new Set([`ticket:${ticket.id}`]));
    expect(await readArrival(db, ticket.id)).toBeNull();

    const keys = new Set<string>();
    const bodies: unknown[] = [];
    let posts = 0;
    const transport: Transport = async (req) => {
      posts++;
      sent.push(`${req.method} ${req.url}`);
      keys.add(req.headers?.['Idempotency-Key'] ?? '');
      bodies.push(req.body);
      if (posts === 1) throw new NetworkError(); // applied, answer lost
      const visit = { id: 'v1', ticketId: ticket.id, ...body, photoUploadIds: [idOf('rack.jpg')], signatureUploadId: idOf('signature.png') } as unknown as Visit;
      return { status: 201, retryAfterMs: null, body: visit };
    };
    for (let i = 0; i < 3; i++) await drainOutbox({ db, transport, userId: tech.id, force: true });

    expect(sent).toEqual(['file rack.jpg 1 bytes', 'file signature.png 4 bytes', `POST /api/tickets/${ticket.id}/visits`, `POST /api/tickets/${ticket.id}/visits`]);
    expect(keys.size).toBe(1);
    expect(bodies[1]).toEqual({ ...body, photoUploadIds: [idOf('rack.jpg')], signatureUploadId: idOf('signature.png') });
    expect(await readQueuedCloseOuts(db, ticket.id)).toEqual([]);
    expect((await readStoredVisits(db, ticket.id)).map((v) => v.id)).toEqual(['v1']);
  });

  it('shows a refusal on the ticket and is not sent with another person signed in', async () => {
    const { db } = freshDb();
    await enqueueCloseOut(db, { ticket, body, photos: [], signature: null, user: tech });
    let calls = 0;
    await drainOutbox({ db, transport: async () => (calls++, { status: 201, retryAfterMs: null, body: {} }), userId: 'someone-else', force: true });
    expect(calls).toBe(0);
    await drainOutbox({ db, transport: async () => ({ status: 409, retryAfterMs: null, body: { message: 'This ticket is closed: reopen it before closing out a visit.', code: 'conflict' } }), userId: tech.id, force: true });
    const [item] = await readQueuedCloseOuts(db, ticket.id);
    expect(item).toMatchObject({ state: 'failed', error: { message: 'This ticket is closed: reopen it before closing out a visit.' } });
    expect(item!.payload.signature).toEqual([]);
  });

  it('writes the caller\'s extra records change (the ticket timer dropped) in the same transaction, not at all when queueing fails', async () => {
    const { db } = freshDb();
    const timer = { collection: 'tickets.timers', id: ticket.id, data: { ticketId: ticket.id, startedAt: body.arrivedAt } };
    await db.records.put(timer);
    const drop = async () => {
      await db.records.where({ collection: 'tickets.timers', id: ticket.id }).delete();
    };
    await enqueueCloseOut(db, { ticket, body, photos: [], signature: null, user: tech, alsoInTransaction: drop });
    expect(await db.records.get({ collection: 'tickets.timers', id: ticket.id })).toBeUndefined();
    expect((await readQueuedCloseOuts(db, ticket.id)).length).toBe(1);

    await db.records.put(timer);
    const failing = async () => {
      await drop();
      throw new Error('disk full');
    };
    await expect(enqueueCloseOut(db, { ticket, body, photos: [], signature: null, user: tech, alsoInTransaction: failing })).rejects.toThrow('disk full');
    expect(await db.records.get({ collection: 'tickets.timers', id: ticket.id })).toEqual(timer);
    expect((await readQueuedCloseOuts(db, ticket.id)).length).toBe(1);
  });

  it('keeps the first Arrived tap', async () => {
    const { db } = freshDb();
    await recordArrival(db, ticket.id, new Date('2026-11-29T09:00:00Z'));
    await recordArrival(db, ticket.id, new Date('2026-11-29T09:30:00Z'));
    expect(await readArrival(db, ticket.id)).toEqual({ ticketId: ticket.id, arrivedAt: '2026-11-29T09:00:00.000Z' });
    expect(await db.records.where('collection').equals(ARRIVALS).count()).toBe(1);
  });

  it('a correction queued meanwhile keeps the Arrived tap of the visit in progress', async () => {
    const { db } = freshDb();
    await recordArrival(db, ticket.id, new Date('2026-11-29T09:00:00Z'));
    await enqueueCloseOut(db, { ticket, body: { ...body, supersedesVisitId: '0b6f3f0e-1c1d-4a57-9d7c-2d8a9f6a1b22' }, photos: [], signature: null, user: tech });
    expect(await readArrival(db, ticket.id)).toEqual({ ticketId: ticket.id, arrivedAt: '2026-11-29T09:00:00.000Z' });
    expect((await readQueuedCloseOuts(db, ticket.id)).map((i) => i.payload.body.supersedesVisitId)).toEqual(['0b6f3f0e-1c1d-4a57-9d7c-2d8a9f6a1b22']);
  });
});
