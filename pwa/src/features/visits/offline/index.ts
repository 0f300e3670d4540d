/**
 * The visits feature's offline part (issue 54, docs/visits.md): the `visit.closeOut` outbox kind,
 * the device's "Arrived" taps and landed visits (generic `records`, cleared on sign-out: they hold
 * customers' work notes). No React: the service worker imports it through offline-registry.ts.
 */
import { clearRecords, fileUploadKind, type OfflineFeature, type SyncCollection } from '../../../offline/core';
import { ARRIVALS, VISITS, closeOutKind } from './closeOut';

export * from './closeOut';

/**
 * Landed visits kept on the device. Nothing to pull in the background (the ticket screen lists a
 * ticket's visits when it is open online and keeps them); here for the sign-out rule.
 */
export const visitsCollection: SyncCollection = {
  name: VISITS,
  pull: () => Promise.resolve(null),
  async clear(db) {
    await clearRecords(db, VISITS);
    await clearRecords(db, ARRIVALS);
  },
};

/** What the visits feature plugs into the offline engine (registered by offline-registry.ts). */
export const visitsOffline: OfflineFeature = { name: 'visits', kinds: [closeOutKind, fileUploadKind], collections: [visitsCollection] };
