/** Rows -> the shared API types of clients, sites and contacts (the only place they become JSON). */
import type { Client, ClientSummary, ClientTicketSummary, Contact, Site } from '@portal/shared';
import type { ContactRow, SiteRow } from './childRepository';
import type { ClientListRow, RecentTicketRow } from './repository';

export function presentClientSummary(r: ClientListRow): ClientSummary {
  return {
    id: r.id,
    name: r.name,
    emailDomains: r.emailDomains,
    phone: r.phone,
    archived: r.archivedAt !== null,
    openTickets: Number(r.openTickets),
    lastTicketAt: r.lastTicketAt ? r.lastTicketAt.toISOString() : null,
    lastVisitAt: r.lastVisitAt ? new Date(r.lastVisitAt).toISOString() : null,
    version: r.version,
  };
}

export function presentSite(r: SiteRow): Site {
  return { id: r.id, clientId: r.clientId, name: r.name, address: r.address, accessNotes: r.accessNotes, latitude: r.latitude, longitude: r.longitude, updatedAt: r.updatedAt.toISOString() };
}

export function presentContact(r: ContactRow): Contact {
  return {
    id: r.id,
    clientId: r.clientId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    title: r.title,
    preferredContactMethod: r.preferredContactMethod,
    primary: r.primary,
    updatedAt: r.updatedAt.toISOString(),
  };
}

function presentRecentTicket(r: RecentTicketRow): ClientTicketSummary {
  return { id: r.id, ticketNumber: r.ticketNumber, status: r.status, issue: r.issue, createdAt: new Date(r.createdAt).toISOString() };
}

/** The whole card: the client with its (active) contacts and sites and its newest tickets. */
export function presentClient(r: ClientListRow, contacts: ContactRow[], sites: SiteRow[], recent: RecentTicketRow[]): Client {
  return {
    ...presentClientSummary(r),
    notes: r.notes,
    contacts: contacts.filter((c) => c.clientId === r.id).map(presentContact),
    sites: sites.filter((s) => s.clientId === r.id).map(presentSite),
    recentTickets: recent.filter((t) => t.clientId === r.id).map(presentRecentTicket),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
