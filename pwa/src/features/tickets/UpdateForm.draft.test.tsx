/**
 * The Update Ticket form keeps a draft on the device (lib/drafts): what was typed comes back with
 * 'Draft restored' when the form opens again (a reload, the phone killing the browser), only for
 * its author; queueing the update or 'Discard draft' deletes it.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Technician, Ticket } from '@portal/shared';
import { loadDraft } from '../../lib/drafts/store';
import { UpdateForm } from './UpdateForm';

const TECHS: Technician[] = [{ id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' }];
const OWNER = TECHS[0]!.id;
const ticket = (id: string): Ticket => ({
  id,
  ticketNumber: 'TKT-000042',
  clientName: 'Ada',
  businessName: null,
  customerEmail: 'ada@example.com',
  customerPhone: '555',
  severity: 'high',
  contactMethod: 'email',
  issue: 'Printer on fire',
  status: 'open',
  assignedTo: null,
  resolution: null,
  version: 1,
  createdAt: '2024-03-05T14:00:00.000Z',
  updatedAt: '2024-03-05T14:00:00.000Z',
  firstResponseDueAt: null,
  resolutionDueAt: null,
  firstResponseAt: null,
  resolvedAt: null,
  waitingOnCustomer: false,
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const open = (t: Ticket, owner: string | null = OWNER) => {
  const onSubmit = vi.fn(async () => true);
  const view = render(<UpdateForm ticket={t} technicians={TECHS} onSubmit={onSubmit} onCancel={() => undefined} draftOwner={owner} />);
  return { onSubmit, view };
};

describe('UpdateForm drafts', () => {
  it('restores the comment and changed fields after the form is opened again; submitting deletes the draft', async () => {
    const t = ticket('00000000-0000-4000-8000-000000000101');
    const first = open(t);
    fireEvent.change(field('Update Comment'), { target: { value: 'Toner ordered, back Tuesday' } });
    fireEvent.change(field('Status'), { target: { value: 'in_progress' } });
    await waitFor(async () => expect(await loadDraft(`ticket:${t.id}`, OWNER)).toEqual({ comment: 'Toner ordered, back Tuesday', status: 'in_progress' }));
    first.view.unmount();

    // Another user on this device does not get it.
    const other = open(t, '00000000-0000-4000-8000-0000000000b2');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(field('Update Comment').value).toBe('');
    other.view.unmount();

    const second = open(t);
    await screen.findByText('Draft restored');
    expect(field('Update Comment').value).toBe('Toner ordered, back Tuesday');
    expect(field('Status').value).toBe('in_progress');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' })));
    expect(second.onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Draft restored')).toBeNull());
    await waitFor(async () => expect(await loadDraft(`ticket:${t.id}`, OWNER)).toBeNull());
  });

  it("'Discard draft' deletes it and puts the ticket's values back", async () => {
    const t = ticket('00000000-0000-4000-8000-000000000102');
    const first = open(t);
    fireEvent.change(field('Update Comment'), { target: { value: 'Half a thought' } });
    await waitFor(async () => expect(await loadDraft(`ticket:${t.id}`, OWNER)).not.toBeNull());
    first.view.unmount();
    open(t);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard draft' }));
    expect(field('Update Comment').value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    await waitFor(async () => expect(await loadDraft(`ticket:${t.id}`, OWNER)).toBeNull());
  });

  it('a save still waiting when the update is queued does not bring the draft back', async () => {
    const t = ticket('00000000-0000-4000-8000-000000000103');
    const { onSubmit } = open(t);
    fireEvent.change(field('Update Comment'), { target: { value: 'Typed and sent at once' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' })));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => new Promise((r) => setTimeout(r, 500))); // past the save delay
    expect(await loadDraft(`ticket:${t.id}`, OWNER)).toBeNull();
  });
});
