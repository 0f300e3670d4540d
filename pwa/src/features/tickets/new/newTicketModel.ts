/**
 * The New Ticket form's values and how they become the `POST /api/tickets/staff` body (issue 51):
 * validated with the shared `ticketStaffCreateSchema`, exactly like the API. No React.
 */
import { ticketStaffCreateSchema, type Client, type ContactMethod, type Severity, type TemplateItem, type TicketStaffCreateInput, type TicketTemplate } from '@portal/shared';

/** What the inputs hold; severity and contact method start unselected (''), the assignee is `me`. */
export interface NewTicketValues {
  templateId: string;
  /** The client card picked ('' = none: the customer's fields are typed). */
  clientId: string;
  /** One of that client's contacts ('' = none). */
  contactId: string;
  clientName: string;
  businessName: string;
  customerEmail: string;
  customerPhone: string;
  severity: Severity | '';
  contactMethod: ContactMethod | '';
  issue: string;
  /** 'me', 'unassigned' or a technician's id. */
  assignee: string;
  doNotNotify: boolean;
  /** The template's checklist the ticket starts with (issue 52); [] without a template. */
  checklist: TemplateItem[];
  /** The picked client's assets to link (issue 53); cleared when the client changes. */
  assetIds: string[];
}

export const EMPTY_NEW_TICKET: NewTicketValues = {
  templateId: '',
  clientId: '',
  contactId: '',
  clientName: '',
  businessName: '',
  customerEmail: '',
  customerPhone: '',
  severity: '',
  contactMethod: '',
  issue: '',
  assignee: 'me',
  doNotNotify: false,
  checklist: [],
  assetIds: [],
};

/** The form with `template` applied: its issue text, severity, contact method and assignee (the customer's fields stay). */
export function applyTemplate(values: NewTicketValues, template: TicketTemplate): NewTicketValues {
  return {
    ...values,
    templateId: template.id,
    issue: template.issue || values.issue,
    severity: template.severity,
    contactMethod: template.contactMethod ?? values.contactMethod,
    assignee: template.assignee,
    checklist: template.checklist ?? [],
  };
}

/**
 * The form with client card `clientId` picked (none: '') and its contact (and another client's assets) cleared: Business Name
 * becomes the client's name and Phone its phone when empty. Nothing else changes: free text stays.
 */
export function pickClient(values: NewTicketValues, client: Client | undefined): NewTicketValues {
  if (!client) return { ...values, clientId: '', contactId: '', assetIds: [] };
  const assetIds = client.id === values.clientId ? values.assetIds : [];
  return { ...values, clientId: client.id, contactId: '', assetIds, businessName: client.name, customerPhone: values.customerPhone || (client.phone ?? '') };
}

/**
 * The form with `contactId` of the picked client (none: '') chosen: Name, Email, Phone and the
 * preferred contact method come from the contact where it has them; the technician may edit them.
 */
export function pickContact(values: NewTicketValues, client: Client | undefined, contactId: string): NewTicketValues {
  const contact = client?.contacts.find((c) => c.id === contactId);
  if (!contact) return { ...values, contactId: '' };
  return {
    ...values,
    contactId: contact.id,
    clientName: contact.name,
    customerEmail: contact.email ?? values.customerEmail,
    customerPhone: contact.phone ?? values.customerPhone,
    contactMethod: contact.preferredContactMethod ?? values.contactMethod,
  };
}

/**
 * New Ticket opened from an asset ("New ticket for this asset", issue 53): its client picked (and
 * its assigned contact, when it has one) and the asset ticked.
 */
export function ticketForAsset(asset: { id: string; clientId: string; contactId: string | null }, client: Client | undefined): NewTicketValues {
  const picked = pickClient(EMPTY_NEW_TICKET, client);
  const withContact = asset.contactId ? pickContact(picked, client, asset.contactId) : picked;
  return { ...withContact, clientId: asset.clientId, assetIds: [asset.id] };
}

/** The request body, or the first message per field (the shared schema's, as the API answers). */
export function toStaffCreateBody(values: NewTicketValues): { body: TicketStaffCreateInput } | { errors: Partial<Record<keyof NewTicketValues, string>> } {
  const input = {
    clientName: values.clientName,
    businessName: values.businessName.trim() || undefined,
    customerEmail: values.customerEmail,
    customerPhone: values.customerPhone,
    severity: values.severity || undefined,
    contactMethod: values.contactMethod || undefined,
    issue: values.issue,
    assignee: values.assignee,
    notifyCustomer: !values.doNotNotify,
    ...(values.templateId ? { templateId: values.templateId } : {}),
    ...(values.templateId && values.checklist?.length ? { checklist: values.checklist } : {}),
    ...(values.clientId ? { clientId: values.clientId } : {}),
    ...(values.clientId && values.contactId ? { contactId: values.contactId } : {}),
    ...(values.clientId && values.assetIds?.length ? { assetIds: values.assetIds } : {}),
  };
  const parsed = ticketStaffCreateSchema.safeParse(input);
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<keyof NewTicketValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof NewTicketValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}
