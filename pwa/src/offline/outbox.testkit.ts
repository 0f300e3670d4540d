/**
 * Helpers of the outbox state-machine tests (outbox.test.ts, outbox.fifo.test.ts): a model server
 * with tickets behind a transport that can fail on demand, a technician's edit as the panel queues
 * it, and readers of the outbox.
 */
import { ticketEditDefaults, type Ticket, type TicketEditValues } from '@portal/shared';
import { displayTicket, enqueueTicketUpdate } from '../features/tickets/offline';
import { NetworkError, type HttpResponse, type Transport } from '../lib/http';
import type { OfflineDb, OutboxItem } from './core';
import { ModelServer, TECH_ID, drainOutbox, freshDb } from './model-server.testkit';

export const tech = { id: TECH_ID, username: 'tech' };

export function setup(tickets = 2) {
  const server = new ModelServer();
  const made = Array.from({ length: tickets }, () => server.createTicket());
  const { db, reopen } = freshDb();
  const requests: { url: string; key: string | undefined; auth: boolean }[] = [];
  let fault: ((n: number) => 'ok' | 'network' | 'lost' | HttpResponse) | null = null;
  const transport: Transport = async (req) => {
    requests.push({ url: req.url, key: req.headers?.['Idempotency-Key'], auth: true });
    const f = fault?.(requests.length) ?? 'ok';
    if (f === 'network') throw new NetworkError();
    if (typeof f === 'object') return f;
    const answer = server.handle(structuredClone(req), req.method === 'POST' ? null : TECH_ID);
    if (f === 'lost') throw new NetworkError();
    return answer;
  };
  const drain = (extra: Partial<Parameters<typeof drainOutbox>[0]> = {}) => drainOutbox({ db, transport, userId: TECH_ID, ...extra });
  return { server, made, db, reopen, requests, drain, transport, setFault: (f: typeof fault) => (fault = f) };
}

export async function edit(db: OfflineDb, ticketId: string, change: Partial<TicketEditValues>) {
  const server = (await db.tickets.get(ticketId))!;
  const items = await db.outbox.toArray();
  const shown = displayTicket(server, items);
  const result = await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), ...change }, user: tech });
  if (result.status !== 'queued') throw new Error('nothing queued');
  return result.seq;
}

export const items = (db: OfflineDb) => db.outbox.orderBy('seq').toArray() as Promise<OutboxItem[]>;
export const seed = async (db: OfflineDb, tickets: Ticket[]) => db.tickets.bulkPut(tickets);
