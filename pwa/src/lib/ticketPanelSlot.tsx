import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

/** What a ticket-panel extra gets: the ticket as shown. */
export interface TicketPanelExtraProps {
  ticket: { id: string; ticketNumber: string; status: string };
}

const Extras = createContext<readonly ComponentType<TicketPanelExtraProps>[]>([]);

/**
 * Sections other features add to the Update Ticket panel without the tickets feature importing them
 * (DESIGN.md 3: no imports between features): the app, which may import every feature, provides
 * them (e.g. the visits feature's 'On-site visit', lazily loaded) and the panel renders
 * {@link TicketPanelExtras} where they belong.
 */
export function TicketPanelExtrasProvider({ extras, children }: { extras: readonly ComponentType<TicketPanelExtraProps>[]; children: ReactNode }) {
  return <Extras.Provider value={extras}>{children}</Extras.Provider>;
}

/** Renders the provided extras for `ticket` (nothing until a lazy one has loaded). */
export function TicketPanelExtras({ ticket }: TicketPanelExtraProps) {
  const extras = useContext(Extras);
  return (
    <Suspense fallback={null}>
      {extras.map((Extra, i) => (
        <Extra key={i} ticket={ticket} />
      ))}
    </Suspense>
  );
}
