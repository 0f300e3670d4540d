/** Query keys of the ticket screen; the default query function turns `['/api/tickets']` into the URL. */
export const TICKETS_KEY = ['/api/tickets'] as const;
export const TECHNICIANS_KEY = ['/api/technicians'] as const;
/** Work history of one ticket; prefix `['/api/ticket-updates']` matches every ticket's history. */
export const ticketUpdatesKey = (ticketId: string) => ['/api/ticket-updates', { ticketId }] as const;
