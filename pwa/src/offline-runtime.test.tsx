/**
 * The page's offline runtime (offline-runtime.tsx): a visitor registers the public kinds only; on a
 * sign-in every feature's collections are registered BEFORE OfflineSync tells the engine who is
 * signed in (the first pull must not run without the staff collections).
 */
import { render, waitFor } from '@testing-library/react';
import type { PublicUser } from '@portal/shared';
import { describe, expect, it, vi } from 'vitest';
import { outboxKind, registeredCollections } from './offline/registry.testkit';

const auth = vi.hoisted(() => ({ user: null as PublicUser | null }));
const seen = vi.hoisted(() => [] as { user: string | null; collections: string[] }[]);

vi.mock('./lib/auth', () => ({ useAuth: () => ({ user: auth.user }) }));
// OfflineSync as the engine sees it: who is signed in, and which collections a pull would pull.
vi.mock('./offline', () => ({
  OfflineSync: () => {
    seen.push({ user: auth.user?.id ?? null, collections: registeredCollections().map((c) => c.name) });
    return null;
  },
}));

const { default: OfflineRuntime } = await import('./offline-runtime');

describe('OfflineRuntime', () => {
  it('runs a visitor with the public kinds only, and a signed-in user only once every collection is registered', async () => {
    const view = render(<OfflineRuntime />);
    expect(seen.at(-1)).toEqual({ user: null, collections: [] });
    expect(outboxKind('ticket.create')).toBeDefined();
    expect(outboxKind('survey.submit')).toBeDefined();
    expect(outboxKind('status.reply')).toBeDefined();
    expect(outboxKind('ticket.update')).toBeUndefined();

    auth.user = { id: 'u1', username: 'tech', role: 'technician' } as PublicUser;
    view.rerender(<OfflineRuntime />);
    await waitFor(() => expect(seen.at(-1)?.user).toBe('u1'));
    const signedIn = seen.filter((s) => s.user === 'u1');
    expect(signedIn.every((s) => s.collections.includes('tickets') && s.collections.includes('clients'))).toBe(true);
    expect(outboxKind('ticket.update')).toBeDefined();
  });
});
