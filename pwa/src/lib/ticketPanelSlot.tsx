import { Component, createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

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

/** Shown in place of an extra whose code could not load (offline before the service worker cached it). */
export const EXTRA_UNAVAILABLE = 'This section needs a connection to load.';

/**
 * Keeps a failing extra inside its own box: a lazy chunk that cannot load offline (no service
 * worker yet, or a new version's chunk) or a render error shows one line instead of unmounting
 * the whole app. A new ticket (the `key` below) tries again.
 */
export class ExtraBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="ion-padding-horizontal">{EXTRA_UNAVAILABLE}</p> : this.props.children;
  }
}

/** Renders the provided extras for `ticket` (nothing until a lazy one has loaded). */
export function TicketPanelExtras({ ticket }: TicketPanelExtraProps) {
  const extras = useContext(Extras);
  return extras.map((Extra, i) => (
    <ExtraBoundary key={`${ticket.id}:${i}`}>
      <Suspense fallback={null}>
        <Extra ticket={ticket} />
      </Suspense>
    </ExtraBoundary>
  ));
}
