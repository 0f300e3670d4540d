import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { ExtraBoundary } from './ticketPanelSlot';

const Extras = createContext<readonly ComponentType[]>([]);

/**
 * Sections other features add to the scheduler's Calendar View without the scheduler feature
 * importing them (DESIGN.md 3), as lib/ticketPanelSlot does for the Update Ticket panel: the app
 * provides them (the recurring feature's planned visits, lazily loaded) and the calendar renders
 * {@link CalendarExtras} where they belong.
 */
export function CalendarExtrasProvider({ extras, children }: { extras: readonly ComponentType[]; children: ReactNode }) {
  return <Extras.Provider value={extras}>{children}</Extras.Provider>;
}

/** Renders the provided extras, each in its own error boundary (a chunk that cannot load offline shows one line). */
export function CalendarExtras() {
  const extras = useContext(Extras);
  return extras.map((Extra, i) => (
    <ExtraBoundary key={i}>
      <Suspense fallback={null}>
        <Extra />
      </Suspense>
    </ExtraBoundary>
  ));
}
