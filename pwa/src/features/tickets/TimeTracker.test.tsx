/**
 * The Update Ticket panel's timer on a first sign-in: "Start Timer" tapped before the page's sync
 * engine has started (it starts after the first screen) is stored once the engine's change of owner
 * has cleared the device, at the tap's time; before, the clearing deleted the running timer.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { freshDb, setOfflineDb, setSyncUser } from '../../offline/model-server.testkit';
import { readTimer } from './offline';
import { TimeTracker } from './TimeTracker';

const TECH: PublicUser = { id: '00000000-0000-4000-8000-0000000000c3', username: 'tess', email: null, role: 'user' };
const TICKET = { id: '00000000-0000-4000-8000-000000000042', ticketNumber: 'TKT-000042' };

describe('TimeTracker before the engine knows who is signed in', () => {
  it('stores the timer started by a tap after the change of owner, with the time of the tap', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    stubFetch(() => [200, { ticketId: TICKET.id, totalMinutes: 0, billableMinutes: 0, entries: [] }]);
    renderWithProviders(<TimeTracker ticket={TICKET} user={TECH} />);

    const start = await screen.findByRole('button', { name: 'Start Timer' });
    const tapped = Date.now();
    fireEvent.click(start);
    await new Promise((r) => setTimeout(r, 100));
    expect(await readTimer(db, TICKET.id)).toBeNull(); // waits for the owner

    const ownerAt = Date.now();
    await setSyncUser(TECH); // the engine starts: first owner, every record cleared
    await waitFor(async () => expect(await readTimer(db, TICKET.id)).not.toBeNull());
    const timer = (await readTimer(db, TICKET.id))!;
    expect(Date.parse(timer.startedAt)).toBeGreaterThanOrEqual(tapped);
    expect(Date.parse(timer.startedAt)).toBeLessThan(ownerAt);
    await screen.findByRole('button', { name: /^Stop Timer/ });
  });
});
