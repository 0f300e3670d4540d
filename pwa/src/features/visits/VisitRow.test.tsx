/** The ticket's visit rows with a correction (docs/visits.md "Corrections"): both kept, linked both ways. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Visit } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { renderWithProviders } from '../../lib/test-utils';
import { mergeVisits } from './TicketVisits';
import { VisitRow } from './VisitRow';

const TICKET = '5d3c7b8e-9a41-4f0e-8c21-0d6f1b2a3c4d';
const visit = (id: string, departedAt: string, more: Partial<Visit> = {}): Visit =>
  ({ id, ticketId: TICKET, technicianName: 'owen', arrivedAt: '2026-11-29T09:00:00.000Z', departedAt, workDone: `Work of ${id}`, parts: [], signerName: 'Pia', clockSuspect: false, clockNote: null, supersededBy: null, supersedesVisitId: null, ...more }) as Visit;
const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
const old = visit(OLD, '2026-11-29T10:00:00.000Z', { supersededBy: NEW });
const fix = visit(NEW, '2026-11-29T11:00:00.000Z', { supersedesVisitId: OLD });
const byId = new Map([old, fix].map((v) => [v.id, v]));

describe('VisitRow corrections', () => {
  it('marks the superseded visit with its correction, the correction with the visit it corrects; only the current one offers Correct and Resend', () => {
    renderWithProviders(
      <>
        <VisitRow visit={fix} online byId={byId} canCorrect />
        <VisitRow visit={old} online byId={byId} canCorrect />
      </>,
    );
    const oldRow = screen.getByRole('article', { name: `Visit ${formatDateTime(old.departedAt)} by owen` });
    const newRow = screen.getByRole('article', { name: `Visit ${formatDateTime(fix.departedAt)} by owen` });
    within(oldRow).getByText(`Superseded: corrected by the visit of ${formatDateTime(fix.departedAt)}.`);
    within(newRow).getByText(`Corrects the visit of ${formatDateTime(old.departedAt)}.`);
    // Both keep their report.
    expect(within(oldRow).getByRole('link', { name: 'Service report (PDF)' }).getAttribute('href')).toBe(`/api/visits/${OLD}/report.pdf`);
    expect(within(newRow).getByRole('link', { name: 'Service report (PDF)' }).getAttribute('href')).toBe(`/api/visits/${NEW}/report.pdf`);
    expect(within(oldRow).queryByRole('link', { name: 'Correct this visit' })).toBeNull();
    expect(within(oldRow).queryByRole('button', { name: 'Resend report' })).toBeNull();
    expect(within(newRow).getByRole('link', { name: 'Correct this visit' }).getAttribute('href')).toBe(`/technician/close-out?ticket=${TICKET}&corrects=${NEW}`);
  });

  it('offers no correction when the ticket may not be worked on, and names a later visit not on the device generically', () => {
    renderWithProviders(<VisitRow visit={old} online={false} byId={new Map()} canCorrect={false} />);
    screen.getByText('Corrected by a later visit.');
    expect(screen.queryByRole('link', { name: 'Correct this visit' })).toBeNull();
    renderWithProviders(<VisitRow visit={fix} online={false} byId={new Map()} canCorrect={false} />);
    expect(screen.queryByRole('link', { name: 'Correct this visit' })).toBeNull();
  });

  it("marks a visit superseded when a correction names it, though the visit's own copy predates the correction", () => {
    const stale = { ...old, supersededBy: null };
    expect(mergeVisits([stale], [fix]).map((v) => [v.id, v.supersededBy])).toEqual([
      [NEW, null],
      [OLD, NEW],
    ]);
  });
});
