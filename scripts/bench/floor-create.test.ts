import { describe, expect, it } from 'vitest';
import { classifyCreateParams, sameCreateShape } from './api-floor-create';
// @ts-expect-error floor-create.mjs is plain JavaScript for bare node (floor-server.mjs), without types.
import { compileTemplate, createValues } from './floor-create.mjs';

const capture = {
  id: '11111111-1111-4111-8111-111111111111',
  now: '2026-11-30T10:00:00.000Z',
  nonce: 'floorNonceSlot0001xxxx',
  hash: 'floorHashSlot0001abc',
  fields: { clientName: 'Bench "Customer"', businessName: 'Bench Ltd', customerEmail: 'bench@example.com', customerPhone: '+1 555 0100', issue: 'Paper jam' },
};
const items = JSON.stringify([
  { ord: 1, id: capture.id, client_name: capture.fields.clientName, at: capture.now, fr_due: '2026-12-02T10:00:00.000Z', link_nonce: capture.nonce, link_hash: capture.hash },
]);
const jobs = JSON.stringify([
  { kind: 'customer_confirmation', recipient: 'bench@example.com', ticket_id: capture.id, payload: { ticket: { id: capture.id, issue: 'Paper jam' } }, due_at: capture.now },
  { kind: 'new_ticket_staff', recipient: 'staff@example.com', ticket_id: capture.id, payload: { text: 'New ticket from Bench "Customer": Paper jam' }, due_at: capture.now },
]);
const ticket = (id: string, now: string, name: string) => ({
  id,
  now: Date.parse(now),
  nonce: `n-${id}`,
  hash: `h-${id}`,
  fields: { ...capture.fields, clientName: name, issue: 'Printer on fire' },
});

describe('the create floor (issue 58 Decision 2)', () => {
  it('names each create parameter from a group of one and a group of two', () => {
    const a = [727001, 1, new Date(capture.now), items, '{ticketNumber}', capture.now, jobs, true];
    const b = [727001, 2, '2026-11-30T10:00:01.000Z', `[${items.slice(1, -1)},${items.slice(1, -1)}]`, '{ticketNumber}', '2026-11-30T10:00:01.000Z', `[${jobs.slice(1, -1)},${jobs.slice(1, -1)}]`, true];
    expect(classifyCreateParams(a, b, capture.now, '2026-11-30T10:00:01.000Z')).toEqual([
      { kind: 'const', value: 727001 },
      { kind: 'n' },
      { kind: 'now' },
      { kind: 'rows', template: items.slice(1, -1) },
      { kind: 'const', value: '{ticketNumber}' },
      { kind: 'now' },
      { kind: 'rows', template: jobs.slice(1, -1) },
      { kind: 'const', value: true },
    ]);
    expect(() => classifyCreateParams(['x'], ['y'], capture.now, capture.now)).toThrow(/cannot rebuild/);
  });

  it('fills the rows of a group: ids, places, times at the captured offsets, links and the form text', () => {
    const params = [{ kind: 'n' }, { kind: 'now' }, { kind: 'rows', fill: compileTemplate(items.slice(1, -1), capture) }];
    const group = [ticket('22222222-2222-4222-8222-222222222222', '2026-11-30T12:00:00.000Z', 'Ann "A"'), ticket('33333333-3333-4333-8333-333333333333', '2026-11-30T12:00:05.000Z', 'Bob')];
    const [n, latest, rows] = createValues(params, group) as [number, string, string];
    expect(n).toBe(2);
    expect(latest).toBe('2026-11-30T12:00:05.000Z');
    expect(JSON.parse(rows)).toEqual([
      { ord: 1, id: group[0]!.id, client_name: 'Ann "A"', at: '2026-11-30T12:00:00.000Z', fr_due: '2026-12-02T12:00:00.000Z', link_nonce: `n-${group[0]!.id}`, link_hash: `h-${group[0]!.id}` },
      { ord: 2, id: group[1]!.id, client_name: 'Bob', at: '2026-11-30T12:00:05.000Z', fr_due: '2026-12-02T12:00:05.000Z', link_nonce: `n-${group[1]!.id}`, link_hash: `h-${group[1]!.id}` },
    ]);
  });

  it("holds the jobs' due times and fills the text inside a job's words", () => {
    const fill = compileTemplate(jobs.slice(1, -1), capture, 1000);
    const t = ticket('44444444-4444-4444-8444-444444444444', '2026-11-30T12:00:00.000Z', 'Cy');
    expect(JSON.parse(`[${fill(t, 1)}]`)).toEqual([
      { kind: 'customer_confirmation', recipient: 'bench@example.com', ticket_id: t.id, payload: { ticket: { id: t.id, issue: 'Printer on fire' } }, due_at: '2026-11-30T12:00:01.000Z' },
      { kind: 'new_ticket_staff', recipient: 'staff@example.com', ticket_id: t.id, payload: { text: 'New ticket from Cy: Printer on fire' }, due_at: '2026-11-30T12:00:01.000Z' },
    ]);
  });

  it('compares create answers by shape: fields, number, time and link', () => {
    const app = { id: 'a', ticketNumber: 'TKT-000123', createdAt: '2026-11-30T12:00:00.000Z', statusUrl: 'http://127.0.0.1:5/status/abcdef' };
    expect(sameCreateShape(app, { ...app, id: 'b', ticketNumber: 'TKT-1234567', statusUrl: 'http://127.0.0.1:5/status/ghijkl' })).toBe(true);
    expect(sameCreateShape(app, { ...app, statusUrl: 'http://127.0.0.1:6/status/abcdef' })).toBe(false);
    expect(sameCreateShape(app, { id: 'a', ticketNumber: 'TKT-000123', createdAt: app.createdAt })).toBe(false);
    expect(sameCreateShape(app, { ...app, ticketNumber: '123' })).toBe(false);
  });
});
