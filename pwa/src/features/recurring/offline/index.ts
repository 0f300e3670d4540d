/**
 * The recurring tickets' offline part (issue 52 item 5; pwa/src/offline/README.md; no React, no
 * rrule: the service worker imports it through offline-registry.ts). The phone keeps every schedule
 * (collection `recurringSchedules`) and the checklist templates (`recurringTemplates`) in the generic
 * `records` table, so Upcoming lists the visits of the next days with their checklist with no
 * network, before their tickets exist (the page expands the rules with the shared module). Client
 * names and sites are read from the clients feature's `clients` collection as data.
 *
 * Schedules change rarely: the engine pulls them at most every {@link PULL_EVERY_MS}; the screens
 * store what they fetched themselves ({@link storeSchedules}), so a change shows at once.
 */
import type { ChecklistTemplate, Client, RecurringSchedule } from '@portal/shared';
import { clearRecords, replaceRecords, type OfflineDb, type OfflineFeature, type SyncCollection } from '../../../offline/core';

export const SCHEDULES_COLLECTION = 'recurringSchedules';
export const TEMPLATES_COLLECTION = 'recurringTemplates';
const CLIENTS_COLLECTION = 'clients';
/** Minimum time between two pulls by the sync engine. */
export const PULL_EVERY_MS = 5 * 60_000;

/** Replaces the stored schedules. */
export const storeSchedules = (db: OfflineDb, rows: readonly RecurringSchedule[]) => replaceRecords(db, SCHEDULES_COLLECTION, rows.map((s) => ({ id: s.id, data: s })));
/** Replaces the stored checklist templates. */
export const storeTemplates = (db: OfflineDb, rows: readonly ChecklistTemplate[]) => replaceRecords(db, TEMPLATES_COLLECTION, rows.map((t) => ({ id: t.id, data: t })));

/** The stored schedules by title (a Dexie reader: the Recurring Tickets list without a server). */
export async function readSchedules(db: OfflineDb): Promise<RecurringSchedule[]> {
  const rows = await db.records.where('collection').equals(SCHEDULES_COLLECTION).toArray();
  return rows.map((r) => r.data as RecurringSchedule).sort((a, b) => a.title.localeCompare(b.title));
}

/** What Upcoming reads: the schedules, the templates and the clients' cards, by id. */
export interface UpcomingData {
  schedules: RecurringSchedule[];
  templates: Map<string, ChecklistTemplate>;
  clients: Map<string, Client>;
}

/** A Dexie reader for `useOfflineQuery`. */
export async function readUpcomingData(db: OfflineDb): Promise<UpcomingData> {
  const of = async <T>(collection: string) => (await db.records.where('collection').equals(collection).toArray()).map((r) => r.data as T);
  const schedules = await of<RecurringSchedule>(SCHEDULES_COLLECTION);
  const templates = new Map((await of<ChecklistTemplate>(TEMPLATES_COLLECTION)).map((t) => [t.id, t]));
  const ids = [...new Set(schedules.map((s) => s.clientId).filter((id): id is string => id !== null))];
  const cards = await db.records.bulkGet(ids.map((id) => [CLIENTS_COLLECTION, id]) as unknown as string[]);
  const clients = new Map(cards.filter((c) => c !== undefined).map((c) => [(c.data as Client).id, c.data as Client]));
  return { schedules, templates, clients };
}

/** Pulls the schedules and templates at most every PULL_EVERY_MS; the cursor is the time of the last pull. */
export function recurringCollection(now: () => number = Date.now): SyncCollection {
  return {
    name: SCHEDULES_COLLECTION,
    async pull(since, { db, get }) {
      if (since !== null && now() - Number(since) < PULL_EVERY_MS) return since;
      const [schedules, templates] = await Promise.all([get<RecurringSchedule[]>('/api/recurring-tickets'), get<ChecklistTemplate[]>('/api/checklist-templates')]);
      await storeSchedules(db, schedules);
      await storeTemplates(db, templates);
      return String(now());
    },
    clear: async (db) => {
      await clearRecords(db, SCHEDULES_COLLECTION);
      await clearRecords(db, TEMPLATES_COLLECTION);
    },
  };
}

export const recurringOffline: OfflineFeature = { name: 'recurring', kinds: [], collections: [recurringCollection()] };

/** Every client card this device holds (the clients feature's collection, read as data), by name: the form's Client choice. */
export async function readClientChoices(db: OfflineDb): Promise<Client[]> {
  const rows = await db.records.where('collection').equals(CLIENTS_COLLECTION).toArray();
  return rows.map((r) => r.data as Client).filter((c) => !c.archived).sort((a, b) => a.name.localeCompare(b.name));
}
