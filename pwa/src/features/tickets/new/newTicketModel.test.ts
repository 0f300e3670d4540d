import { describe, expect, it } from 'vitest';
import { MSG, type TicketTemplate } from '@portal/shared';
import { EMPTY_NEW_TICKET, applyTemplate, toStaffCreateBody } from './newTicketModel';

const template: TicketTemplate = {
  id: '00000000-0000-4000-8000-0000000000t1'.replace('t', 'd'),
  name: 'Printer',
  scope: 'shared',
  ownerId: null,
  createdAt: '',
  updatedAt: '',
  issue: 'Printer does not print.',
  severity: 'high',
  contactMethod: 'phone',
  assignee: 'unassigned',
};

describe('New Ticket model', () => {
  it('a template fills issue, severity, contact method and assignee and is named in the body', () => {
    const values = { ...applyTemplate({ ...EMPTY_NEW_TICKET, clientName: 'Dana' }, template), customerEmail: 'dana@example.com', customerPhone: '555 0100', doNotNotify: true };
    expect(values).toMatchObject({ clientName: 'Dana', issue: 'Printer does not print.', severity: 'high', contactMethod: 'phone', assignee: 'unassigned' });
    expect(toStaffCreateBody(values)).toEqual({
      body: { clientName: 'Dana', businessName: null, customerEmail: 'dana@example.com', customerPhone: '555 0100', severity: 'high', contactMethod: 'phone', issue: 'Printer does not print.', assignee: 'unassigned', notifyCustomer: false, templateId: template.id },
    });
  });

  it('missing fields get the public form messages', () => {
    const result = toStaffCreateBody(EMPTY_NEW_TICKET);
    expect(result).toEqual({ errors: expect.objectContaining({ clientName: MSG.nameRequired, customerEmail: MSG.validEmailRequired, severity: MSG.severityRequired, contactMethod: MSG.contactMethodRequired }) });
  });
});
