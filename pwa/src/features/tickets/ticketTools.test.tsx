/**
 * What the tickets feature lends the close-out through lib/ticketTools: the canned-replies textarea
 * (`::` and 'Insert reply' over the replies kept on the device, filled from the ticket and the
 * technician) and the ticket timer (its minutes, dropped without an entry).
 */
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CannedReply } from '@portal/shared';
import { renderWithProviders } from '../../lib/test-utils';
import { getOfflineDb, registerOfflineFeature } from '../../offline';
import { TIMERS, enqueueTimeEntry, readQueuedMinutes, ticketsOffline } from './offline';
import { ticketTools } from './ticketTools';

const TICKET = { ticketNumber: 'TKT-000042', clientName: 'Dana Smith', businessName: 'Acme Dental' };
const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'sam' };
const item = { scope: 'shared' as const, ownerId: null, createdAt: '', updatedAt: '' };
const REPLIES: CannedReply[] = [
  { ...item, id: 'r1', title: 'Printer fixed', body: 'Cleared the jam for {{contact.firstName}} at {{client.name}} ({{ticket.number}}).' },
  { ...item, id: 'r2', title: 'Switch replaced', body: 'Replaced the switch. {{technician.name}}' },
];

beforeAll(() => registerOfflineFeature(ticketsOffline));
beforeEach(async () => {
  const db = getOfflineDb();
  await db.records.clear();
  await db.outbox.clear();
  await db.records.bulkPut(REPLIES.map((r) => ({ collection: 'cannedReplies', id: r.id, data: r })));
});

function WorkDone() {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="work">Work done</label>
      <ticketTools.ReplyTextarea id="work" ticket={TICKET} user={USER} value={text} onChange={setText} />
      <output data-testid="value">{text}</output>
    </>
  );
}

describe('ticketTools.ReplyTextarea', () => {
  it('`::` and letters open the matching replies; Enter inserts the reply filled from the ticket in place of the shortcut', async () => {
    renderWithProviders(<WorkDone />);
    const box = screen.getByLabelText('Work done') as HTMLTextAreaElement;
    box.focus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Insert reply' })).toBeTruthy());
    await waitFor(async () => {
      fireEvent.change(box, { target: { value: 'Done. ::prin', selectionStart: 12, selectionEnd: 12 } });
      expect(await screen.findByRole('option', { name: /Printer fixed/ })).toBeTruthy();
    });
    await act(async () => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect(screen.getByTestId('value').textContent).toBe('Done. Cleared the jam for Dana at Acme Dental (TKT-000042).');
  });

  it("'Insert reply' searches the device's replies and inserts one with the technician's name", async () => {
    renderWithProviders(<WorkDone />);
    fireEvent.click(await screen.findByRole('button', { name: 'Insert reply' }));
    fireEvent.change(screen.getByLabelText('Search replies'), { target: { value: 'switch' } });
    fireEvent.click(await screen.findByRole('button', { name: /Switch replaced/ }));
    expect(screen.getByTestId('value').textContent).toBe('Replaced the switch. sam');
  });
});

describe('ticketTools timer', () => {
  it('reads the running timer with its minutes; dropTimer forgets it without queueing a time entry', async () => {
    const db = getOfflineDb();
    const ticketId = '00000000-0000-4000-8000-000000000042';
    expect(await ticketTools.readTimer(ticketId)).toBeNull();
    await db.records.put({ collection: TIMERS, id: ticketId, data: { ticketId, startedAt: '2026-11-29T09:00:00.000Z' } });
    expect(await ticketTools.readTimer(ticketId, new Date('2026-11-29T09:47:20.000Z'))).toEqual({ startedAt: '2026-11-29T09:00:00.000Z', minutes: 47 });
    await enqueueTimeEntry(db, { id: ticketId, ticketNumber: 'TKT-000042' }, { minutes: 5, billable: true, note: null }, USER);
    await ticketTools.dropTimer(ticketId);
    expect(await ticketTools.readTimer(ticketId)).toBeNull();
    expect(await readQueuedMinutes(db, ticketId)).toBe(5);
  });
});
