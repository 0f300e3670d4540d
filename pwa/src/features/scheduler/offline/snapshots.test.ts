import { describe, expect, it } from 'vitest';
import type { SchedulerDashboard } from '@portal/shared';
import { freshDb, setCacheOwner } from '../../../offline/model-server.testkit';
import { dashboardUrl, readSnapshot, saveSnapshot, schedulerSnapshots, snapshotKey, type DashboardParams } from '.';

const answer = (generatedAt: string, total = 1) => ({ generatedAt, summary: { total } }) as unknown as SchedulerDashboard;
const NY: DashboardParams = { range: 'week', tz: 'America/New_York' };

describe('scheduler snapshots (offline)', () => {
  it('keeps one answer per range, zone and technician', async () => {
    const { db } = freshDb();
    await saveSnapshot(db, NY, answer('2025-06-18T12:00:00.000Z', 5));
    await saveSnapshot(db, { ...NY, technicianId: 'alice-id' }, answer('2025-06-18T12:00:00.000Z', 2));
    await saveSnapshot(db, NY, answer('2025-06-18T13:00:00.000Z', 6));
    expect((await readSnapshot(db, NY))?.data.summary.total).toBe(6);
    expect((await readSnapshot(db, { ...NY, technicianId: 'alice-id' }))?.data.summary.total).toBe(2);
    expect(await readSnapshot(db, { ...NY, range: 'today' })).toBeNull();
    expect(snapshotKey({ ...NY, technicianId: 'x' })).toBe('week|America/New_York|x');
    expect(dashboardUrl({ ...NY, technicianId: 'x' })).toBe('/api/scheduler?range=week&tz=America%2FNew_York&technicianId=x');
  });

  it('a pull refreshes the three most recently viewed snapshots older than five minutes', async () => {
    const { db } = freshDb();
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const fresh = new Date().toISOString();
    const viewed = (m: number) => new Date(Date.now() - m * 60_000);
    await saveSnapshot(db, { range: 'today', tz: 'UTC' }, answer(old), viewed(1));
    await saveSnapshot(db, { range: 'week', tz: 'UTC' }, answer(fresh), viewed(2)); // young: not fetched
    await saveSnapshot(db, { range: 'month', tz: 'UTC' }, answer(old), viewed(3));
    await saveSnapshot(db, { range: 'month', tz: 'UTC', technicianId: 't' }, answer(old), viewed(4)); // 4th viewed: not fetched
    const urls: string[] = [];
    const next = await schedulerSnapshots.pull(null, {
      db,
      get: async <T,>(url: string) => {
        urls.push(url);
        return answer(new Date().toISOString(), 9) as T;
      },
    });
    expect(next).toBeNull();
    expect(urls).toEqual(['/api/scheduler?range=today&tz=UTC', '/api/scheduler?range=month&tz=UTC']);
    expect((await readSnapshot(db, { range: 'today', tz: 'UTC' }))?.data.summary.total).toBe(9);
    expect((await readSnapshot(db, { range: 'month', tz: 'UTC', technicianId: 't' }))?.data.summary.total).toBe(1);
  });

  it('is cleared by its collection and when another user signs in', async () => {
    const { db } = freshDb();
    await setCacheOwner(db, 'user-a');
    await saveSnapshot(db, NY, answer('2025-06-18T12:00:00.000Z'));
    await schedulerSnapshots.clear(db);
    expect(await readSnapshot(db, NY)).toBeNull();
    await saveSnapshot(db, NY, answer('2025-06-18T12:00:00.000Z'));
    await setCacheOwner(db, 'user-b');
    expect(await readSnapshot(db, NY)).toBeNull();
  });
});
