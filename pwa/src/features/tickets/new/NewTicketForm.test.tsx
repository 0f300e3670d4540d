/**
 * New Ticket's form (issue 51): a template fills issue, severity, contact method and assignee; a
 * missing field gets the public form's message and nothing is created; a valid form gives the
 * staff-create body ('Do not notify the customer' = notifyCustomer false) and starts over.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type TicketStaffCreateInput, type TicketTemplate } from '@portal/shared';
import { NewTicketForm } from './NewTicketForm';

const TEMPLATE: TicketTemplate = {
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Printer jam',
  scope: 'shared',
  ownerId: null,
  createdAt: '',
  updatedAt: '',
  issue: 'The printer jams on every page.',
  severity: 'high',
  contactMethod: 'phone',
  assignee: 'unassigned',
};

function setup() {
  const onCreate = vi.fn(async (_body: TicketStaffCreateInput) => true);
  render(<NewTicketForm templates={[TEMPLATE]} technicians={[]} meId="me-id" pending={false} onCreate={onCreate} onCancel={() => undefined} />);
  const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' })));
  return { onCreate, field, submit };
}

describe('NewTicketForm', () => {
  it('says what is missing and creates nothing', async () => {
    const { onCreate, submit } = setup();
    await submit();
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.getByText(MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.severityRequired)).toBeTruthy();
  });

  it('fills from a template and sends the staff-create body', async () => {
    const { onCreate, field, submit } = setup();
    fireEvent.change(field(/Start from a template/), { target: { value: TEMPLATE.id } });
    expect(field('Issue Description').value).toBe('The printer jams on every page.');
    expect(field('Severity').value).toBe('high');
    expect(field('Assigned To').value).toBe('unassigned');
    fireEvent.change(field(/^Name/), { target: { value: 'Walk In' } });
    fireEvent.change(field('Email'), { target: { value: 'walk@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '555 0100' } });
    fireEvent.click(screen.getByLabelText('Do not notify the customer'));
    await submit();
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(onCreate.mock.calls[0]![0]).toMatchObject({ clientName: 'Walk In', severity: 'high', contactMethod: 'phone', assignee: 'unassigned', notifyCustomer: false, templateId: TEMPLATE.id });
    expect(field(/^Name/).value).toBe('');
  });
});
