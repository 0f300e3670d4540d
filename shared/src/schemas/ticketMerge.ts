/**
 * Merge tickets (docs/merge.md, issue 57 point 2): POST /api/tickets/:id/merge moves a ticket (the
 * source) into another (the target). Body, answer and the refusal texts the API and the PWA share.
 */
import { z } from 'zod';
import { PG_INTEGER_MAX } from '../constants';
import type { Ticket } from './tickets';

/** Another ticket named by a ticket (merge target, possible duplicate): its id and number. */
export interface TicketRef {
  id: string;
  ticketNumber: string;
}

declare module './tickets' {
  /** The merge fields of every ticket read (tickets.ts stays under 300 lines). */
  interface Ticket {
    /** docs/merge.md: where this (Closed) ticket was merged; null or absent when not merged. */
    mergedInto?: TicketRef | null;
    /** docs/merge.md: "Possible duplicate of TKT-…" while this ticket is active. */
    possibleDuplicateOf?: TicketRef | null;
  }
}

/**
 * Body of POST /api/tickets/:id/merge. `baseVersion` / `intoBaseVersion`: the versions of the source
 * and target the merge was decided on (a merge queued offline sends both); a status change of either
 * since then refuses the merge (409), as a stale PATCH of the status would conflict.
 */
export const ticketMergeSchema = z.object({
  intoTicketId: z.uuid('intoTicketId must be a ticket id'),
  baseVersion: z.number().int().min(1).max(PG_INTEGER_MAX).optional(),
  intoBaseVersion: z.number().int().min(1).max(PG_INTEGER_MAX).optional(),
});
export type TicketMergeInput = z.infer<typeof ticketMergeSchema>;

/** 200 answer of a merge: both tickets after it and how much moved. */
export interface TicketMergeResult {
  source: Ticket;
  target: Ticket;
  /** `tags`: the tag names the target gained; `assets`: asset links it gained (docs/merge.md "Tags and assets"). */
  moved: { updates: number; attachments: number; timeEntries: number; tags: string[]; assets: number };
}

/** The refusals of a merge (409 `message`), shown to staff as they are. */
export const MERGE_MSG = {
  same: 'A ticket cannot be merged into itself.',
  closed: (n: string) => `${n} is closed, so it cannot be merged. Reopen it first or pick another ticket.`,
  merged: (n: string, into: string) => `${n} was already merged into ${into}.`,
  changed: (n: string) => `${n} changed status since this merge was queued. Open both tickets and merge again if it still applies.`,
  targetNotFound: 'The ticket to merge into was not found.',
} as const;

/** The source's closing history line and the target's (docs/merge.md). */
export const mergedIntoText = (into: string) => `Merged into ${into}`;
export const mergedFromText = (from: string) => `Merged ${from} into this ticket`;
/** The banner on a possible duplicate's card and panel. */
export const possibleDuplicateText = (of: string) => `Possible duplicate of ${of}`;
