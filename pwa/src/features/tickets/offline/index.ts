/**
 * The ticket feature's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the `ticket.update`, `ticket.timeEntry`, `ticket.staffCreate` (New Ticket), `ticket.checklistTick`, `ticket.checklistItem` and `ticket.merge` (merge.ts) outbox kinds, the timer, the optimistic view, conflict
 * resolution, and the cached collections tickets, ticket updates, technicians, canned replies,
 * macros and ticket templates (replyItems.ts), and the tag list (tags.ts).
 */
import { fileUploadKind, type OfflineFeature } from '../../../offline/core';
import { techniciansCollection, ticketUpdatesCollection, ticketsCollection } from './collections';
import { cannedRepliesCollection, macrosCollection, ticketTemplatesCollection } from './replyItems';
import { checklistTickKind } from './checklist';
import { checklistItemKind } from './checklistItem';
import { ticketMergeKind } from './merge';
import { staffCreateKind } from './staffCreate';
import { ticketUpdateKind } from './ticketUpdate';
import { timeEntryKind } from './timeEntry';
import { tagsCollection } from './tags';

export { techniciansCollection, ticketUpdatesCollection, ticketsCollection } from './collections';
export { TAGS_COLLECTION, enqueueTagChange, readTagList, tagsCollection } from './tags';
export {
  TICKET_UPDATE,
  enqueueTicketUpdate,
  isTicketUpdate,
  realConflicts,
  resolveConflict,
  storeServerTicket,
  ticketStream,
  ticketUpdateKind,
  type ConflictChoice,
  type AppliedMacro,
  type EnqueueResult,
  type TicketConflict,
  type TicketUpdateItem,
  type TicketUpdatePayload,
} from './ticketUpdate';
export {
  displayTicket,
  displayTickets,
  groupUnsentByTicket,
  newestFirst,
  readCachedTickets,
  readDisplayedTicket,
  readDisplayedTickets,
  readTechnicians,
  readTicketOutbox,
  readChecklistTicks,
  type TicketOutboxItem,
  readUnsentByTicket,
  readWorkHistory,
  type DisplayTicket,
  type TicketSyncMarks,
  type UnsentByTicket,
} from './view';
export {
  TIMERS,
  TIME_ENTRY,
  enqueueTimeEntry,
  readQueuedMinutes,
  readTimer,
  startTimer,
  stopTimer,
  timeEntryKind,
  timerMinutes,
  type RunningTimer,
} from './timeEntry';
export {
  REPLY_COLLECTIONS,
  cannedRepliesCollection,
  macrosCollection,
  readCannedReplies,
  readMacros,
  readTicketTemplates,
  ticketTemplatesCollection,
} from './replyItems';
export { TICKET_STAFF_CREATE, enqueueStaffCreate, isStaffCreate, readStaffCreates, staffCreateKind, staffCreateLabel, type StaffCreateItem } from './staffCreate';
export { CHECKLIST_TICK, applyChecklistChanges, checklistTickKind, enqueueChecklistTick, isChecklistTick, type ChecklistTickItem } from './checklist';
export { CHECKLIST_ITEM, checklistItemKind, enqueueChecklistAdd, enqueueChecklistEdit, isChecklistItemChange, type ChecklistItemChange } from './checklistItem';
export { TICKET_MERGE, enqueueTicketMerge, isTicketMerge, readTicketMerges, ticketMergeKind, type TicketMergeItem, type TicketMergePayload } from './merge';
export { OPENED, SYNC_PAGE_SIZE, WORKING_SET_DAYS, keepOpenedTicket, pruneWorkingSet } from './workingSet';

/** What the ticket feature plugs into the offline engine (registered by offline-registry.ts). */
export const ticketsOffline: OfflineFeature = {
  name: 'tickets',
  kinds: [ticketUpdateKind, timeEntryKind, fileUploadKind, staffCreateKind, checklistTickKind, checklistItemKind, ticketMergeKind],
  collections: [ticketsCollection, ticketUpdatesCollection, techniciansCollection, cannedRepliesCollection, macrosCollection, ticketTemplatesCollection, tagsCollection],
};
