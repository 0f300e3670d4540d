/**
 * New Ticket's form (issue 51): a template fills issue, severity, contact method and assignee; a
 * missing field gets the public form's message and nothing is created; a valid form gives the
 * staff-create body ('Do not notify the customer' = notifyCustomer false) with the template's
 * checklist, shown read-only before sending, and starts over; a picked
 * client and contact fill the customer's fields and go as clientId / contactId.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type Client, type TicketStaffCreateInput, type TicketTemplate } from '@portal/shared';
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
  checklist: [
    { text: 'Clear the paper path', required: true },
    { text: 'Print a test page', required: false },
  ],
};

const CLIENT: Client = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Acme Dental',
  emailDomains: ['acme.test'],
  phone: '+15550100',
  archived: false,
  openTickets: 0,
  lastTicketAt: null, lastVisitAt: null,
  version: 1,
  notes: null,
  sites: [],
  createdAt: '',
  updatedAt: '',
  contacts: [
    { id: '00000000-0000-4000-8000-0000000000e2', clientId: '00000000-0000-4000-8000-0000000000e1', name: 'Dana Reyes', email: 'dana@acme.test', phone: '+15550111', title: null, preferredContactMethod: 'text', primary: true, updatedAt: '' },
  ],
};

function setup(clients: Client[] = []) {
  const onCreate = vi.fn(async (_body: TicketStaffCreateInput) => true);
  render(<NewTicketForm templates={[TEMPLATE]} clients={clients} technicians={[]} meId="me-id" pending={false} onCreate={onCreate} onCancel={() => undefined} />);
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
    // The checklist the ticket will get, read-only, before anything is sent.
    const preview = screen.getByRole('list', { name: 'Checklist the ticket will get' });
    expect([...preview.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Clear the paper path (Required)', 'Print a test page']);
    expect(screen.getByText('This ticket will start with these 2 items. Tick them off on the ticket.')).toBeTruthy();
    fireEvent.change(field(/^Name/), { target: { value: 'Walk In' } });
    fireEvent.change(field('Email'), { target: { value: 'walk@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '555 0100' } });
    fireEvent.click(screen.getByLabelText('Do not notify the customer'));
    await submit();
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(onCreate.mock.calls[0]![0]).toMatchObject({ clientName: 'Walk In', severity: 'high', contactMethod: 'phone', assignee: 'unassigned', notifyCustomer: false, templateId: TEMPLATE.id, checklist: TEMPLATE.checklist });
    expect(field(/^Name/).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Checklist the ticket will get' })).toBeNull();
  });

  it('"No template" takes the checklist away again: neither shown nor sent', async () => {
    const { onCreate, field, submit } = setup();
    fireEvent.change(field(/Start from a template/), { target: { value: TEMPLATE.id } });
    expect(screen.getByRole('list', { name: 'Checklist the ticket will get' })).toBeTruthy();
    fireEvent.change(field(/Start from a template/), { target: { value: '' } });
    expect(screen.queryByRole('list', { name: 'Checklist the ticket will get' })).toBeNull();
    fireEvent.change(field(/^Name/), { target: { value: 'Walk In' } });
    fireEvent.change(field('Email'), { target: { value: 'walk@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '555 0100' } });
    await submit();
    expect(onCreate.mock.calls[0]![0]).not.toHaveProperty('checklist');
  });

  it('picks a client and contact from the device: fills the customer, sends their ids', async () => {
    const { onCreate, field, submit } = setup([CLIENT]);
    expect(screen.queryByLabelText(/^Contact/)).toBeNull();
    fireEvent.change(field(/^Client/), { target: { value: CLIENT.id } });
    expect(field(/^Business Name/).value).toBe('Acme Dental');
    fireEvent.change(field(/^Contact/), { target: { value: CLIENT.contacts[0]!.id } });
    expect(field(/^Name/).value).toBe('Dana Reyes');
    expect(field('Email').value).toBe('dana@acme.test');
    expect(field('Phone').value).toBe('+15550111');
    expect(field('Preferred Contact Method').value).toBe('text');
    fireEvent.change(field('Severity'), { target: { value: 'medium' } });
    fireEvent.change(field('Issue Description'), { target: { value: 'The x-ray printer is offline again.' } });
    await submit();
    expect(onCreate.mock.calls[0]![0]).toMatchObject({ clientId: CLIENT.id, contactId: CLIENT.contacts[0]!.id, clientName: 'Dana Reyes', businessName: 'Acme Dental' });
  });

  it('without a client the customer is typed and no link is sent', async () => {
    const { onCreate, field, submit } = setup([CLIENT]);
    fireEvent.change(field(/^Name/), { target: { value: 'New Caller' } });
    fireEvent.change(field('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '555 0100' } });
    fireEvent.change(field('Severity'), { target: { value: 'low' } });
    fireEvent.change(field('Preferred Contact Method'), { target: { value: 'email' } });
    fireEvent.change(field('Issue Description'), { target: { value: 'Wants a new laptop set up.' } });
    await submit();
    const body = onCreate.mock.calls[0]![0];
    expect(body).toMatchObject({ clientName: 'New Caller' });
    expect(body).not.toHaveProperty('clientId');
    expect(body).not.toHaveProperty('contactId');
  });
});
