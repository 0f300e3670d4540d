/**
 * The Update Ticket form is never reset by sync activity: a new version of the
 * same ticket (a delta pull, an update sent by the drain) keeps what the technician typed; fields
 * they did not touch follow the new values; a field they changed that also changed meanwhile says
 * so and keeps their value unless they take the new one.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Technician, Ticket, TicketEditValues } from '@portal/shared';
import { UpdateForm } from './UpdateForm';

const TECHS: Technician[] = [
  { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' },
  { id: '00000000-0000-4000-8000-0000000000a2', username: 'other' },
];

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: '00000000-0000-4000-8000-000000000001',
  ticketNumber: 'TKT-000001',
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
  ...over,
});

function setup(first: Ticket, answer = true) {
  const onSubmit = vi.fn(async (_values: TicketEditValues) => answer);
  const view = render(<UpdateForm ticket={first} technicians={TECHS} onSubmit={onSubmit} onCancel={() => undefined} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const sync = (next: Ticket) => view.rerender(<UpdateForm ticket={next} technicians={TECHS} onSubmit={onSubmit} onCancel={() => undefined} />);
  const submit = async () => {
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' })));
  };
  return { onSubmit, field, sync, submit };
}

describe('UpdateForm and sync', () => {
  it('keeps a comment being typed when a sync brings a new version of the same ticket; untouched fields follow it', async () => {
    const { field, sync, submit, onSubmit } = setup(ticket());
    fireEvent.change(field('Update Comment'), { target: { value: 'Replacing the fuser, half done' } });
    fireEvent.click(screen.getByLabelText('Reply to customer'));
    // Another technician assigned it and wrote a resolution; the drain sent our earlier update.
    sync(ticket({ version: 2, assignedTo: TECHS[1].id, resolution: 'Ordered a new fuser' }));
    await waitFor(() => expect(field('Resolution').value).toBe('Ordered a new fuser'));
    expect(field('Assigned To').value).toBe(TECHS[1].id);
    expect(field('Update Comment').value).toBe('Replacing the fuser, half done');
    expect((screen.getByLabelText('Reply to customer') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('status')).toBeNull(); // nothing the technician changed was touched
    sync(ticket({ version: 3, assignedTo: TECHS[1].id, resolution: 'Ordered a new fuser' }));
    expect(field('Update Comment').value).toBe('Replacing the fuser, half done');

    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      status: 'open',
      assignedTo: TECHS[1].id,
      resolution: 'Ordered a new fuser',
      comment: 'Replacing the fuser, half done',
      reply: true,
    });
    // Queued: the form starts over with an empty comment (an internal note again).
    await waitFor(() => expect(field('Update Comment').value).toBe(''));
    expect((screen.getByLabelText('Internal note') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a field the technician changed and says when the ticket changed it meanwhile', async () => {
    const { field, sync, submit, onSubmit } = setup(ticket());
    fireEvent.change(field('Status'), { target: { value: 'in_progress' } });
    fireEvent.change(field('Update Comment'), { target: { value: 'On site' } });
    sync(ticket({ version: 2, status: 'resolved', resolution: 'Fixed remotely' }));
    expect(await screen.findByText(/Status changed to Resolved while you were editing/)).toBeTruthy();
    expect(field('Status').value).toBe('in_progress');
    await waitFor(() => expect(field('Resolution').value).toBe('Fixed remotely'));
    await submit();
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ status: 'in_progress', resolution: 'Fixed remotely', comment: 'On site' });
  });

  it("takes the new value on 'Use new value'; changing a field back to where it started lets it follow", async () => {
    const { field, sync } = setup(ticket());
    fireEvent.change(field('Status'), { target: { value: 'in_progress' } });
    sync(ticket({ version: 2, status: 'resolved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use new value' }));
    await waitFor(() => expect(field('Status').value).toBe('resolved'));
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.change(field('Status'), { target: { value: 'closed' } });
    sync(ticket({ version: 3, status: 'open' }));
    expect(await screen.findByText(/Status changed to Open/)).toBeTruthy();
    fireEvent.change(field('Status'), { target: { value: 'resolved' } }); // back to where it started
    await waitFor(() => expect(field('Status').value).toBe('open'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps what is typed while the update is being queued: only the submitted comment is cleared', async () => {
    // The outbox write can take a while on a busy phone, and the sync bar already counts
    // the update before it has committed; a technician (or the drain bench) then types the next
    // comment, which the form must not wipe when the write completes.
    let queued: (ok: boolean) => void = () => undefined;
    const onSubmit = vi.fn((_values: TicketEditValues) => new Promise<boolean>((resolve) => (queued = resolve)));
    render(<UpdateForm ticket={ticket()} technicians={TECHS} onSubmit={onSubmit} onCancel={() => undefined} />);
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const button = () => screen.getByRole('button', { name: 'Update Ticket' }) as HTMLButtonElement;
    fireEvent.change(field('Update Comment'), { target: { value: 'First note' } });
    await act(async () => void fireEvent.click(button()));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(true); // still being queued
    fireEvent.change(field('Update Comment'), { target: { value: 'Second note' } });
    fireEvent.change(field('Status'), { target: { value: 'in_progress' } });

    await act(async () => queued(true));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(field('Update Comment').value).toBe('Second note');
    expect(field('Status').value).toBe('in_progress');
    expect((screen.getByLabelText('Internal note') as HTMLInputElement).checked).toBe(true);

    await act(async () => void fireEvent.click(button()));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ status: 'in_progress', comment: 'Second note', reply: false });
    await act(async () => queued(true));
    await waitFor(() => expect(field('Update Comment').value).toBe(''));
  });

  it('keeps everything as typed when nothing was queued', async () => {
    const { field, submit, onSubmit } = setup(ticket(), false);
    fireEvent.change(field('Update Comment'), { target: { value: 'Could not save' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(field('Update Comment').value).toBe('Could not save');
  });
});
