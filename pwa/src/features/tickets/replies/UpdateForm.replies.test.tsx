/**
 * Canned replies and macros in the Update Ticket form (issue 51): `::` and a few letters opens the
 * matching replies and Enter inserts one filled from the ticket; 'Insert reply' inserts at the
 * caret; 'Apply macro' fills the form for review, sends its id and time entry with the one update,
 * and 'Undo macro' puts the values back.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderReply, replyContextFor, type CannedReply, type Macro, type Technician, type Ticket, type TicketEditValues } from '@portal/shared';
import { UpdateForm } from '../UpdateForm';
import type { AppliedMacro } from '../offline';
import type { ReplyLibrary } from './useReplyLibrary';

const ME = '00000000-0000-4000-8000-0000000000a1';
const TECHS: Technician[] = [{ id: ME, username: 'tech' }];
const TICKET = {
  id: '00000000-0000-4000-8000-000000000001',
  ticketNumber: 'TKT-000007',
  clientName: 'Dana Smith',
  businessName: 'Acme',
  customerEmail: 'dana@example.com',
  customerPhone: '555',
  severity: 'high',
  contactMethod: 'email',
  issue: 'Printer',
  status: 'open',
  assignedTo: null,
  resolution: null,
  version: 3,
  createdAt: '2024-03-05T14:00:00.000Z',
  updatedAt: '2024-03-05T14:00:00.000Z',
  waitingOnCustomer: false,
} as Ticket;
const item = { scope: 'shared' as const, ownerId: null, createdAt: '', updatedAt: '' };
const REPLIES: CannedReply[] = [
  { ...item, id: 'r1', title: 'On my way', body: 'Hi {{contact.firstName}}, {{technician.name}} is on the way to {{client.name}}.' },
  { ...item, id: 'r2', title: 'Waiting for parts', body: 'Parts ordered for {{ticket.number}}.' },
];
const MACRO: Macro = {
  ...item,
  id: '00000000-0000-4000-8000-0000000000m1'.replace('m', 'c'),
  name: 'Resolved on site',
  actions: { comment: { text: 'Hi {{contact.firstName}}, fixed: {{ticket.statusLink}}', reply: true }, status: 'resolved', resolution: 'Resolved on site.', assignee: 'me', timeEntry: { minutes: 30, billable: true } },
};
const fill = (t: string) => renderReply(t, replyContextFor({ ticket: TICKET, technician: { name: 'tech' }, supportPhone: '555-0100' }));
const library: ReplyLibrary = { replies: REPLIES, macros: [MACRO], fill, meId: ME };

function setup() {
  const onSubmit = vi.fn(async (_v: TicketEditValues, _f: unknown, _m: AppliedMacro | null) => true);
  render(<UpdateForm ticket={TICKET} technicians={TECHS} onSubmit={onSubmit} onCancel={() => undefined} library={library} />);
  const comment = screen.getByLabelText('Update Comment') as HTMLTextAreaElement;
  const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' })));
  return { onSubmit, comment, submit };
}

const type = (el: HTMLTextAreaElement, value: string) => {
  el.focus();
  fireEvent.change(el, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
};

describe('canned replies in Update Comment', () => {
  it(':: and letters lists matches; Enter inserts the reply filled from the ticket', async () => {
    const { comment } = setup();
    type(comment, 'Note: ::on');
    const options = within(screen.getByRole('listbox', { name: 'Canned replies' })).getAllByRole('option');
    expect(options.map((o) => o.querySelector('.reply-menu-title')?.textContent)).toEqual(['On my way']);
    fireEvent.keyDown(comment, { key: 'Enter' });
    expect(comment.value).toBe('Note: Hi Dana, tech is on the way to Acme.');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape closes the menu; Insert reply searches and inserts at the caret', () => {
    const { comment } = setup();
    type(comment, '::wa');
    fireEvent.keyDown(comment, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    type(comment, 'First. ');
    fireEvent.click(screen.getByRole('button', { name: 'Insert reply' }));
    fireEvent.change(screen.getByLabelText('Search replies'), { target: { value: 'parts' } });
    fireEvent.click(screen.getByRole('button', { name: /Waiting for parts/ }));
    expect(comment.value).toBe('First. Parts ordered for TKT-000007.');
  });
});

describe('Apply macro', () => {
  it('fills the form for review and sends its id and time entry with the one update', async () => {
    const { onSubmit, comment, submit } = setup();
    fireEvent.change(screen.getByLabelText('Apply macro'), { target: { value: MACRO.id } });
    expect(screen.getByRole('status').textContent).toContain('Resolved on site applied. Review, then Update Ticket. Adds 30 billable minutes.');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('resolved');
    expect((screen.getByLabelText('Assigned To') as HTMLSelectElement).value).toBe(ME);
    expect((screen.getByLabelText('Resolution') as HTMLTextAreaElement).value).toBe('Resolved on site.');
    expect(comment.value).toBe('Hi Dana, fixed: {{ticket.statusLink}}');
    expect((screen.getByLabelText('Reply to customer') as HTMLInputElement).checked).toBe(true);
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][2]).toEqual({ id: MACRO.id, name: 'Resolved on site', timeEntry: { minutes: 30, billable: true } });
    expect(screen.queryByText(/Review, then Update Ticket/)).toBeNull();
  });

  it('Undo macro puts back what was there', () => {
    const { comment } = setup();
    type(comment, 'typed first');
    fireEvent.change(screen.getByLabelText('Apply macro'), { target: { value: MACRO.id } });
    expect(comment.value).toBe('typed first\n\nHi Dana, fixed: {{ticket.statusLink}}');
    fireEvent.click(screen.getByRole('button', { name: 'Undo macro' }));
    expect(comment.value).toBe('typed first');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('open');
  });
});
