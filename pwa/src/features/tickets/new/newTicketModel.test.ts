import { describe, expect, it } from 'vitest';
import { MSG, type Client, type TicketTemplate } from '@portal/shared';
import { EMPTY_NEW_TICKET, applyTemplate, pickClient, ticketForAsset, toStaffCreateBody } from './newTicketModel';

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

  it('from an asset: its client, its contact and the asset are picked; another client clears the asset', () => {
    const ids = { client: '00000000-0000-4000-8000-00000000000c', contact: '00000000-0000-4000-8000-0000000000c1', asset: '00000000-0000-4000-8000-0000000000a1' };
    const client = { id: ids.client, name: 'Lighthouse Vets', phone: '201-555-0100', contacts: [{ id: ids.contact, name: 'Pia', email: 'pia@vets.test', phone: '201-555-0123', preferredContactMethod: 'email' }] } as unknown as Client;
    const values = ticketForAsset({ id: ids.asset, clientId: ids.client, contactId: ids.contact }, client);
    expect(values).toMatchObject({ clientId: ids.client, contactId: ids.contact, businessName: 'Lighthouse Vets', clientName: 'Pia', customerEmail: 'pia@vets.test', assetIds: [ids.asset] });
    const body = toStaffCreateBody({ ...values, severity: 'low', issue: 'Fan is loud.' });
    expect(body).toMatchObject({ body: { clientId: ids.client, contactId: ids.contact, assetIds: [ids.asset] } });
    expect(pickClient(values, { ...client, id: '00000000-0000-4000-8000-00000000000d' }).assetIds).toEqual([]);
    expect(pickClient(values, undefined).assetIds).toEqual([]);
  });
});
