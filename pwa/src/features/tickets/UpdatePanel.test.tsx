import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Ticket } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { UpdatePanel } from './UpdatePanel';

afterEach(() => vi.unstubAllGlobals());

const ticket: Ticket = {
  id: '0b9c3f7e-1111-4111-8111-111111111111',
  ticketNumber: 'TKT-000001',
  clientName: 'Wes Warehouse',
  businessName: null,
  customerEmail: 'wes@example.com',
  customerPhone: '555',
  severity: 'urgent',
  contactMethod: 'email',
  issue: 'Scanners cannot reach the server.',
  status: 'open',
  assignedTo: null,
  resolution: null,
  version: 4,
  createdAt: '2024-03-05T14:07:00Z',
  updatedAt: '2024-03-05T14:07:00Z',
};
const techs = [{ id: '22222222-2222-4222-8222-222222222222', username: 'tina.tech' }];

function setup(handler: Parameters<typeof stubFetch>[0]) {
  const fetchStub = stubFetch(handler);
  const onCancel = vi.fn();
  renderWithProviders(<UpdatePanel ticket={ticket} technicians={techs} onCancel={onCancel} />);
  const patches = () => fetchStub.requests.filter((r) => r.method === 'PATCH');
  return { ...fetchStub, onCancel, patches };
}

const historyOnly: Parameters<typeof stubFetch>[0] = () => [200, []];

describe('UpdatePanel (SPEC.md 2 / 4)', () => {
  it("says 'No Changes' and sends nothing when nothing changed", async () => {
    const { patches } = setup(historyOnly);
    fireEvent.change(screen.getByLabelText('Update Comment'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText('No Changes')).toBeTruthy();
    expect(screen.getByText(MSG.noChanges)).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('PATCHes only the changed fields with baseVersion and an Idempotency-Key', async () => {
    const { patches } = setup((r) => (r.method === 'PATCH' ? [200, { ticket: { ...ticket, version: 5 }, updates: [] }] : [200, []]));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_progress' } });
    fireEvent.change(screen.getByLabelText('Assigned To'), { target: { value: techs[0].id } });
    fireEvent.change(screen.getByLabelText('Update Comment'), { target: { value: '  On site  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' }));

    expect(await screen.findByText('Ticket Updated')).toBeTruthy();
    expect(patches()).toHaveLength(1);
    expect(patches()[0].url).toBe(`/api/tickets/${ticket.id}`);
    expect(patches()[0].body).toEqual({ status: 'in_progress', assignedTo: techs[0].id, comment: 'On site', baseVersion: 4 });
    expect(patches()[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the destructive toast when the update fails, and Cancel clears the selection', async () => {
    const { onCancel } = setup((r) => (r.method === 'PATCH' ? [500, { message: 'Internal server error', code: 'internal' }] : [200, []]));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText('Failed to update ticket. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("lists the work history with 'Changed from X to Y'", async () => {
    setup(() => [
      200,
      [
        {
          id: 'h1', ticketId: ticket.id, updatedBy: 'a', updatedByName: 'admin', updateType: 'status_change',
          previousValue: 'open', newValue: 'in_progress', comment: null, createdAt: '2024-03-05T15:00:00Z',
        },
      ],
    ]);
    expect(await screen.findByText('Changed from Open to In Progress')).toBeTruthy();
    expect(screen.getByText('Status Change')).toBeTruthy();
  });
});
