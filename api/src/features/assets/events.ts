/**
 * The assets feature's subscriber (docs/events.md, docs/assets.md), registered in
 * api/src/event-subscribers.ts: `assets.unlink_on_client_change` runs IN the PATCH's transaction on
 * `ticket.patched` when the ticket moved to another client (a `client_change`): the linked assets
 * that are not the new client's are unlinked (ticketLinks.ts `setTicketAssets`), each with an
 * `asset_unlink` row in the ticket's work history at the PATCH's version. The history is the tickets
 * feature's, written through its port's `recordReactionHistory`, passed in by event-subscribers.ts
 * (the tickets feature imports the assets port, so importing the tickets port here would close a
 * feature cycle). The assets a PATCH sets itself (`assetIds`) stay the PATCH's own field.
 */
import type { Database } from '../../db/client';
import { defineSubscriber } from '../../events';
import { setTicketAssets } from './ticketLinks';

/** What the subscriber needs of the tickets feature (its port's recordReactionHistory). */
export interface AssetSubscriberDeps {
  recordReactionHistory(
    tx: Database,
    h: { ticketId: string; version: number; actor: { id: string; username: string } | null; at: Date; rows: { updateType: 'asset_unlink'; previousValue: string; newValue: null }[] },
  ): Promise<void>;
}

const unlinkOnClientChange = (deps: AssetSubscriberDeps) => defineSubscriber({
  name: 'assets.unlink_on_client_change',
  events: ['ticket.patched'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data, actor, at } of events) {
      if (!data.changes.some((c) => c.type === 'client_change')) continue;
      const { after } = data;
      const change = await setTicketAssets(tx, { ticketId: after.id, clientId: after.clientId ?? null, assetIds: undefined, now: at, actor });
      const rows = change.removed.map((a) => ({ updateType: 'asset_unlink' as const, previousValue: a.label, newValue: null }));
      await deps.recordReactionHistory(tx, { ticketId: after.id, version: after.version, actor, at, rows });
    }
  },
});

/** The assets feature's subscribers, given what they need of other features. */
export const assetSubscribers = (deps: AssetSubscriberDeps) => [unlinkOnClientChange(deps)];
