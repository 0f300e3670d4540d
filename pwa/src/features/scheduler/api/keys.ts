import type { SchedulerTicketFilter } from '@portal/shared';
import type { DashboardParams } from '../offline';

/** The browser's IANA time zone (the ranges are calendar days of the staff member), 'UTC' when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export { dashboardUrl, type DashboardParams } from '../offline';

function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** GET /api/scheduler/tickets: the tickets behind a count. */
export const ticketsUrl = (p: DashboardParams, f: SchedulerTicketFilter, cursor?: string) =>
  `/api/scheduler/tickets?${query({
    range: p.range,
    tz: p.tz,
    technicianId: f.technicianId ?? p.technicianId,
    tag: p.tag,
    status: f.status,
    assigned: f.assigned,
    scope: f.scope,
    cursor,
  })}`;

/** GET /api/scheduler/technicians/:id */
export const detailUrl = (id: string, p: Omit<DashboardParams, 'technicianId'>, cursor?: string) =>
  `/api/scheduler/technicians/${encodeURIComponent(id)}?${query({ range: p.range, tz: p.tz, cursor })}`;

/** TanStack Query keys of the feature. */
export const schedulerKeys = {
  all: ['scheduler'] as const,
  dashboard: (p: DashboardParams) => ['scheduler', 'dashboard', p.range, p.tz, p.technicianId ?? 'all', p.tag ?? ''] as const,
  tickets: (p: DashboardParams, f: SchedulerTicketFilter) => ['scheduler', 'tickets', p.range, p.tz, p.technicianId ?? 'all', p.tag ?? '', f] as const,
  detail: (id: string, p: Omit<DashboardParams, 'technicianId'>) => ['scheduler', 'detail', id, p.range, p.tz] as const,
};
