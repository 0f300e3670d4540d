/**
 * The `file.upload` kind (uploads.ts) in the drain: files queued with a support request go first,
 * their placeholders become upload ids in the request, a refused file is dropped from it, and
 * while a file cannot reach the server the request waits behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketCreateInput } from '@portal/shared';
import { enqueueTicketCreate } from '../features/support/offline';
import { NetworkError, type HttpResponse, type Transport } from '../lib/http';
import { registerOfflineFeatures } from '../offline-registry';
import { registerOutboxKind } from './core';
import { drainOutbox, freshDb } from './model-server.testkit';
import { fileUploadKind, isFileUpload, type FileUploadPayload } from './uploads';

const BODY: TicketCreateInput = {
  clientName: 'Pat',
  customerEmail: 'pat@example.com',
  customerPhone: '555',
  severity: 'low',
  contactMethod: 'email',
  issue: 'The printer is offline again.',
};
const ID_A = 'a'.repeat(32);

/** What the fake tus sender does per file name, and the order things were sent in. */
let behaviour: (p: FileUploadPayload) => HttpResponse | Error;
const sent: string[] = [];
let unregister: () => void;

beforeAll(() => {
  registerOfflineFeatures();
  unregister = registerOutboxKind({
    ...fileUploadKind,
    send: async (item) => {
      const outcome = behaviour(item.payload);
      if (outcome instanceof Error) throw outcome;
      sent.push(`file ${item.payload.fileName}`);
      return outcome;
    },
  });
});
afterAll(() => {
  unregister();
  registerOfflineFeatures();
});

const transport = (bodies: unknown[]): Transport => async (req) => {
  sent.push(`${req.method} ${req.url}`);
  bodies.push(req.body);
  return { status: 201, retryAfterMs: null, body: { id: 'x', ticketNumber: 'TKT-000001', createdAt: new Date().toISOString() } };
};
const drain = (db: ReturnType<typeof freshDb>['db'], t: Transport) => drainOutbox({ db, transport: t, userId: null, force: true });

describe('file uploads in the outbox', () => {
  it('sends the files first, puts their upload ids into the request and drops a refused file', async () => {
    const { db } = freshDb();
    sent.length = 0;
    behaviour = (p) =>
      p.fileName === 'a.jpg'
        ? { status: 201, retryAfterMs: null, body: { uploadId: ID_A } }
        : { status: 200, retryAfterMs: null, body: { uploadId: null, error: 'setup.exe: only photos' } };
    await enqueueTicketCreate(db, BODY, new Date(), [
      { file: new Blob(['jpeg']), name: 'a.jpg' },
      { file: new Blob(['exe']), name: 'setup.exe' },
    ]);
    const queued = await db.outbox.toArray();
    expect(queued.filter(isFileUpload).map((i) => i.payload.fileName)).toEqual(['a.jpg', 'setup.exe']);
    expect(new Set(queued.map((i) => i.stream)).size).toBe(1);

    const bodies: unknown[] = [];
    await drain(db, transport(bodies));
    expect(sent).toEqual(['file a.jpg', 'file setup.exe', 'POST /api/tickets']);
    expect((bodies[0] as TicketCreateInput).attachments).toEqual([ID_A]);
  });

  it('keeps the request waiting behind a file that cannot reach the server, and resumes with the stored upload URL', async () => {
    const { db } = freshDb();
    sent.length = 0;
    behaviour = () => new NetworkError();
    await enqueueTicketCreate(db, BODY, new Date(), [{ file: new Blob(['jpeg']), name: 'a.jpg' }]);
    const [file] = (await db.outbox.toArray()).filter(isFileUpload);
    await db.outbox.update(file!.seq, (i) => {
      (i.payload as FileUploadPayload).uploadUrl = `/api/uploads/${ID_A}`;
    });
    const bodies: unknown[] = [];
    await drain(db, transport(bodies));
    expect(bodies).toEqual([]);
    expect(await db.outbox.count()).toBe(2);

    let resumedFrom: string | null = null;
    behaviour = (p) => {
      resumedFrom = p.uploadUrl;
      return { status: 201, retryAfterMs: null, body: { uploadId: ID_A } };
    };
    await drain(db, transport(bodies));
    expect(resumedFrom).toBe(`/api/uploads/${ID_A}`);
    expect((bodies[0] as TicketCreateInput).attachments).toEqual([ID_A]);
    expect(await db.outbox.where('state').notEqual('done').count()).toBe(0);
  });
});
