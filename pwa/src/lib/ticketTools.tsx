import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** The ticket a {@link TicketTools.ReplyTextarea} fills canned replies from (its variables). */
export interface ReplyTicket {
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
}

/** Props of {@link TicketTools.ReplyTextarea}: a controlled textarea plus the ARIA the form field gives it. */
export interface ReplyTextareaProps {
  id: string;
  ticket: ReplyTicket;
  /** The signed-in technician (`{{technician.name}}`, `{{technician.phone}}`). */
  user: { id: string; username: string; phone?: string | null } | null;
  value: string;
  onChange(text: string): void;
  maxLength?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A ticket's running timer on the device: when it started (ISO 8601) and its whole minutes until now (1 to 1440). */
export interface TicketTimer {
  startedAt: string;
  minutes: number;
}

/**
 * What the tickets feature lends other features (the visits close-out) without them importing it
 * (DESIGN.md 3), provided by the app as {@link TicketToolsProvider} does:
 * - `ReplyTextarea`: a textarea with the canned replies of the device ('Insert reply' and `::`,
 *   issue 51), filled from the ticket's variables, offline too;
 * - `readTimer(ticketId, now?)`: the ticket's running timer on this device, or null;
 * - `dropTimer(ticketId)`: forgets it without recording an entry. Called inside the caller's Dexie
 *   transaction on `records` it is part of it (the close-out records the time instead).
 */
export interface TicketTools {
  ReplyTextarea: ComponentType<ReplyTextareaProps>;
  readTimer(ticketId: string, now?: Date): Promise<TicketTimer | null>;
  dropTimer(ticketId: string): Promise<void>;
}

const Loader = createContext<(() => Promise<TicketTools>) | null>(null);

/** Provides the tickets feature's tools, loaded on demand by `load` (the app's dynamic import). */
export function TicketToolsProvider({ load, children }: { load: () => Promise<TicketTools>; children: ReactNode }) {
  return <Loader.Provider value={load}>{children}</Loader.Provider>;
}

/**
 * The provided {@link TicketTools}: undefined while loading, null when none is provided or its code
 * could not load (offline before the service worker cached it): callers then work without them.
 */
export function useTicketTools(): TicketTools | null | undefined {
  const load = useContext(Loader);
  const [tools, setTools] = useState<TicketTools | null | undefined>(load ? undefined : null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (t) => live && setTools(t),
      () => live && setTools(null),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return tools;
}
