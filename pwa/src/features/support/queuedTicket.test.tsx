/**
 * Public support form offline: enqueueTicketCreate keeps the request in the
 * outbox with its own Idempotency-Key; useOutboxItem + queuedTicketView show its progress and,
 * once sent without a session, the ticket number; a validation rejection keeps the server's field
 * messages.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TicketCreateInput } from '@portal/shared';
import { NetworkError, type Transport } from '../../lib/http';
import { getOfflineDb, registerOfflineFeature, useOutboxItem, type OfflineDb } from '../../offline';
import { ModelServer, drainOutbox, freshDb, setOfflineDb } from '../../offline/model-server.testkit';
import { enqueueTicketCreate, queuedTicketView, supportOffline } from './offline';

beforeAll(() => void registerOfflineFeature(supportOffline));
const queueTicketCreate = (input: TicketCreateInput) => enqueueTicketCreate(getOfflineDb(), input);
const useQueuedTicket = (seq: number) => queuedTicketView(useOutboxItem(seq));

let db: OfflineDb;
afterEach(() => {
  cleanup(); // unmount first: a live read still in flight must not meet a closed database
  db.close();
});

const body = { clientName: 'Cara', customerEmail: 'cara@example.com', customerPhone: '555-0100', severity: 'low' as const, contactMethod: 'text' as const, issue: 'Laptop will not boot.' };

describe('queued support requests', () => {
  it('shows pending, then the ticket number once the request reaches the server (once)', async () => {
    db = freshDb().db;
    setOfflineDb(db);
    const server = new ModelServer();
    const seq = await queueTicketCreate(body);
    const { result } = renderHook(() => useQueuedTicket(seq));
    await waitFor(() => expect(result.current).toMatchObject({ state: 'pending', ticketNumber: null }));

    let calls = 0;
    const lostOnce: Transport = async (req) => {
      const answer = server.handle(structuredClone(req), null);
      if (++calls === 1) throw new NetworkError(); // created, answer lost
      return answer;
    };
    await drainOutbox({ db, transport: lostOnce, userId: null });
    await waitFor(() => expect(result.current).toMatchObject({ state: 'pending', lastError: 'Network error' }));
    await drainOutbox({ db, transport: lostOnce, userId: null });
    await waitFor(() => expect(result.current).toMatchObject({ state: 'done', ticketNumber: 'TKT-000001' }));
    expect(server.tickets.size).toBe(1); // the resend was a replay
  });

  it("keeps a rejected request with the server's field messages", async () => {
    db = freshDb().db;
    setOfflineDb(db);
    const seq = await queueTicketCreate({ ...body, issue: 'short' });
    const transport: Transport = async () => ({
      status: 400,
      body: { message: 'Validation failed', code: 'validation_failed', fieldErrors: { issue: [MSG.issueTooShort] } },
      retryAfterMs: null,
    });
    await drainOutbox({ db, transport, userId: null });
    const { result } = renderHook(() => useQueuedTicket(seq));
    await waitFor(() => expect(result.current).toMatchObject({ state: 'failed', error: { status: 400, fieldErrors: { issue: [MSG.issueTooShort] } } }));
  });
});
