import { describe, expect, it } from 'vitest';
import { TICKET_EXPORT_MAX_DAYS, ticketExportQuerySchema } from '@portal/shared';
import { exportRangeProblem } from './TicketExportCard';

describe('exportRangeProblem (the API rules before the download starts)', () => {
  it.each([
    ['2026-01-01', '2026-01-31'],
    ['2026-03-05', '2026-03-05'],
    ['2024-01-01', '2024-12-31'],
  ])('accepts %s to %s, as the API does', (from, to) => {
    expect(exportRangeProblem(from, to)).toBeNull();
    expect(ticketExportQuerySchema.safeParse({ from, to }).success).toBe(true);
  });

  it.each([
    ['', '2026-01-01', 'Pick both dates.'],
    ['2026-02-01', '2026-01-31', 'The end date must not be before the start date.'],
    ['2025-01-01', '2026-01-02', `The range may span at most ${TICKET_EXPORT_MAX_DAYS} days.`],
  ])('refuses %j to %j with the reason, as the API does', (from, to, reason) => {
    expect(exportRangeProblem(from, to)).toBe(reason);
    expect(ticketExportQuerySchema.safeParse({ from, to }).success).toBe(false);
  });
});
