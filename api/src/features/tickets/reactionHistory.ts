/**
 * Work-history rows that other features' subscribers add to a ticket change (docs/events.md): e.g.
 * the assets feature's `asset_unlink` rows when a PATCH moves a ticket to another client
 * (features/assets/events.ts). They are written in the change's transaction at the version the
 * change made (no version of their own) and kept on that transaction, so the PATCH's answer lists
 * them after its own rows (`takeReactionRows`), as the phone shows them, without reading them back.
 */
import type { UpdateType } from '@portal/shared';
import type { Database } from '../../db/client';
import { insertTicketUpdates } from './historyRepository';
import type { TicketUpdateRow } from './repository';

/** One history row a reaction adds (the type, the values before and after). */
export interface ReactionRow {
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
}

/** What a reaction writes: the ticket, the version its change made, who made the change and when. */
export interface ReactionHistory {
  ticketId: string;
  version: number;
  actor: { id: string; username: string } | null;
  at: Date;
  rows: ReactionRow[];
}

type Kept = TicketUpdateRow & { updatedByName: string | null };
const kept = new WeakMap<Database, Kept[]>();

/** Writes `h.rows` (none: nothing) in `tx` at `h.version` and keeps them for {@link takeReactionRows}. */
export async function recordReactionHistory(tx: Database, h: ReactionHistory): Promise<void> {
  const rows = await insertTicketUpdates(tx, h.rows.map((r) => ({ ...r, comment: null, ticketId: h.ticketId, updatedBy: h.actor?.id ?? null, ticketVersion: h.version, createdAt: h.at })));
  if (rows.length === 0) return;
  kept.set(tx, [...(kept.get(tx) ?? []), ...rows.map((r) => ({ ...r, updatedByName: h.actor?.username ?? null }))]);
}

/** The rows reactions wrote on ticket `ticketId` in `tx` so far (in order), forgotten once taken. */
export function takeReactionRows(tx: Database, ticketId: string): Kept[] {
  const all = kept.get(tx) ?? [];
  const mine = all.filter((r) => r.ticketId === ticketId);
  kept.set(tx, all.filter((r) => r.ticketId !== ticketId));
  return mine;
}
