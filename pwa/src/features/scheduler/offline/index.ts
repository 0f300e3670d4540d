/**
 * The scheduler's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts). The last GET /api/scheduler answer per range, time zone and
 * technician filter is kept in the engine's generic `records` table (collection `scheduler`), so
 * the screen shows it with no network ("as of {time}"). The engine clears it whenever the signed-in
 * user changes (sign-out rule). As a registered collection it is also refreshed by the engine's
 * pulls: the few snapshots viewed most recently, when older than {@link REFRESH_AFTER_MS}, so a
 * technician who opened the board earlier today finds it recent when the signal drops.
 *
 * Kanban moves need no kind of their own: a move is a ticket status update and is queued as a
 * `ticket.update` item (shared `statusMoveDraft`), the kind the tickets feature registers.
 */
import type { SchedulerDashboard, SchedulerRange } from '@portal/shared';
import { clearRecords, type OfflineDb, type OfflineFeature, type SyncCollection } from '../../../offline/core';

/** Collection name in `records`. */
export const SNAPSHOTS = 'scheduler';
/** Snapshots refreshed by a pull: the most recently viewed ones. */
export const REFRESH_LIMIT = 3;
/** A snapshot younger than this is not fetched again by a pull. */
export const REFRESH_AFTER_MS = 5 * 60_000;

/** What one dashboard answer depends on: range, zone, the technician filter and the tag filter (undefined = all). */
export interface DashboardParams {
  range: SchedulerRange;
  tz: string;
  technicianId?: string | undefined;
  tag?: string | undefined;
}

/** A stored answer: its parameters, the answer and when the screen last showed it. */
export interface SchedulerSnapshot {
  params: DashboardParams;
  data: SchedulerDashboard;
  viewedAt: string;
}

/** Record id of a snapshot: `range|zone|technician or all`, then `|tag:<name in lower case>` with a tag. */
export const snapshotKey = (p: DashboardParams) => `${p.range}|${p.tz}|${p.technicianId ?? 'all'}${p.tag ? `|tag:${p.tag.toLowerCase()}` : ''}`;

/** GET /api/scheduler?range&tz&technicianId&tag */
export function dashboardUrl(p: DashboardParams): string {
  const q = new URLSearchParams({ range: p.range, tz: p.tz });
  if (p.technicianId) q.set('technicianId', p.technicianId);
  if (p.tag) q.set('tag', p.tag);
  return `/api/scheduler?${q.toString()}`;
}

/** Stores (replaces) the snapshot of `params`. */
export async function saveSnapshot(db: OfflineDb, params: DashboardParams, data: SchedulerDashboard, now = new Date()): Promise<void> {
  const row: SchedulerSnapshot = { params: { range: params.range, tz: params.tz, technicianId: params.technicianId, tag: params.tag }, data, viewedAt: now.toISOString() };
  await db.records.put({ collection: SNAPSHOTS, id: snapshotKey(params), data: row });
}

/** The stored snapshot of `params`, or null. */
export async function readSnapshot(db: OfflineDb, params: DashboardParams): Promise<SchedulerSnapshot | null> {
  const row = await db.records.get({ collection: SNAPSHOTS, id: snapshotKey(params) });
  return (row?.data as SchedulerSnapshot | undefined) ?? null;
}

/**
 * The `scheduler` collection: each pull fetches again the {@link REFRESH_LIMIT} most recently
 * viewed snapshots that are older than {@link REFRESH_AFTER_MS} (a snapshot never viewed is never
 * fetched: the collection holds only what this person looked at). A full snapshot per key: no cursor.
 */
export const schedulerSnapshots: SyncCollection = {
  name: SNAPSHOTS,
  async pull(_since, { db, get }) {
    const rows = await db.records.where('collection').equals(SNAPSHOTS).toArray();
    const snapshots = rows.map((r) => r.data as SchedulerSnapshot).sort((a, b) => b.viewedAt.localeCompare(a.viewedAt));
    const now = Date.now();
    for (const s of snapshots.slice(0, REFRESH_LIMIT)) {
      if (now - Date.parse(s.data.generatedAt) < REFRESH_AFTER_MS) continue;
      const data = await get<SchedulerDashboard>(dashboardUrl(s.params));
      await db.records.put({ collection: SNAPSHOTS, id: snapshotKey(s.params), data: { ...s, data } satisfies SchedulerSnapshot });
    }
    return null;
  },
  clear: (db) => clearRecords(db, SNAPSHOTS),
};

/** What the scheduler plugs into the offline engine (registered by offline-registry.ts). */
export const schedulerOffline: OfflineFeature = { name: 'scheduler', collections: [schedulerSnapshots] };
