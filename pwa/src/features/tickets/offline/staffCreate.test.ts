/**
 * The `ticket.staffCreate` kind (New Ticket): queued offline, sent with its author's session and
 * one Idempotency-Key through a failed attempt and a lost answer, so the server creates it once;
 * kept as 'done' with the number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketStaffCreateInput } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { NetworkError, drainOutbox, freshDb, type Transport } from '../../../offline/model-server.testkit';
import { enqueueStaffCreate, readStaffCreates, ticketsOffline } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const body: TicketStaffCreateInput = { clientName: 'Dana Smith', customerEmail: 'dana@example.com', customerPhone: '555 0100', severity: 'high', contactMethod: 'phone', issue: 'Printer is jammed', assignee: 'me', notifyCustomer: true };
const tech = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };

describe('ticket.staffCreate', () => {
  it('is created once whatever happens to the requests, then shows its number', async () => {
    const { db } = freshDb();
    await enqueueStaffCreate(db, body, tech);
    const created = new Map<string, number>();
    let attempt = 0;
    const transport: Transport = async (req) => {
      attempt++;
      if (attempt === 1) throw new NetworkError(); // no signal
      expect(req).toMatchObject({ method: 'POST', url: '/api/tickets/staff', body });
      const key = req.headers?.['Idempotency-Key'] ?? '';
      if (!created.has(key)) created.set(key, created.size + 1);
      if (attempt === 2) throw new NetworkError(); // created, answer lost
      return { status: 201, retryAfterMs: null, body: { id: 't1', ticketNumber: `TKT-00000${created.get(key)}`, createdAt: '' } };
    };
    for (let i = 0; i < 3; i++) await drainOutbox({ db, transport, userId: tech.id, force: true });
    expect(created.size).toBe(1);
    const [item] = await readStaffCreates(db);
    expect(item).toMatchObject({ state: 'done', label: 'New ticket for Dana Smith', result: { ticketNumber: 'TKT-000001' } });
  });

  it('is not sent with another person signed in', async () => {
    const { db } = freshDb();
    await enqueueStaffCreate(db, body, tech);
    let sent = 0;
    await drainOutbox({ db, transport: async () => (sent++, { status: 201, retryAfterMs: null, body: {} }), userId: 'someone-else' });
    expect(sent).toBe(0);
    expect((await readStaffCreates(db))[0]?.state).toBe('pending');
  });
});
