import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getOfflineDb, useOfflineQuery } from '../../offline';
import { keepOpenedTicket, readDisplayedTicket, type DisplayTicket } from './offline';
import { useOpenTicket } from './api/useOpenTicket';

/** What {@link useSelectedTicket} answers. */
export interface SelectedTicket {
  selectedId: string | null;
  select(id: string | null): void;
  /** The open ticket as last shown (null when none is open or it is still being fetched). */
  selected: DisplayTicket | null;
  /** A ticket outside the device's working set is being fetched from the server. */
  fetching: boolean;
}

/**
 * The ticket open in the technician screen (TicketsPage): `?ticket=<id>` (a notification link, the
 * sync bar's 'Review TKT-...') selects it, also while the screen is open; a cached ticket is marked
 * opened (kept on the device while recent); one outside the working set is fetched online and kept.
 * The open ticket stays as last shown while it is selected, so its Update Ticket form, and what is
 * typed or picked in it, lives on: while the list switches source (the server stops answering and
 * the device's tickets are read), and when the server stopped answering before a ticket opened from
 * the server's list reached the device. On desktop Escape closes it (when no dialog is open over it)
 * and focus goes back to its number in the list.
 */
export function useSelectedTicket(visible: readonly DisplayTicket[], online: boolean, isDesktop: boolean): SelectedTicket {
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('ticket');
  const [selectedId, setSelectedId] = useState<string | null>(linked);
  useEffect(() => {
    if (linked) setSelectedId(linked);
  }, [linked]);

  const cachedSelected = useOfflineQuery((db) => readDisplayedTicket(db, selectedId), [selectedId]);
  const fetched = useOpenTicket(selectedId, online && cachedSelected === null);
  useEffect(() => {
    // Best effort: a mark that cannot be written (storage full, database closing) only lets the
    // ticket be pruned sooner; it must not surface as an unhandled rejection.
    if (selectedId && cachedSelected) keepOpenedTicket(getOfflineDb(), { id: selectedId }).catch(() => undefined);
    // Marked once per selection, not on every change of the ticket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, Boolean(cachedSelected)]);
  const live = cachedSelected ?? visible.find((t) => t.id === selectedId) ?? null;
  const [lastShown, setLastShown] = useState<DisplayTicket | null>(null);
  useEffect(() => {
    if (live) setLastShown(live);
  }, [live]);
  const selected = live ?? (lastShown?.id === selectedId ? lastShown : null);

  useEffect(() => {
    if (!isDesktop || !selectedId) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      setSelectedId(null);
      // Back to the ticket's number in the list (the panel that had focus is gone).
      document.getElementById(`ticket-${selectedId}`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isDesktop, selectedId]);

  return { selectedId, select: setSelectedId, selected, fetching: fetched.isFetching };
}
