/**
 * The audit of vault exports to offline devices (README "Customer Vault offline"): each entry a
 * device feed page carries is recorded in `vault_reveals` as a reveal of all its secrets (`source`
 * 'device', `field` 'bundle', `field_count`), with the user, device and IP, so Reveal History shows
 * who took which customer's secrets onto which device. Written before the page is answered: no
 * row, no page.
 */
import type { Database } from '../../db/client';
import { insertReveals } from './repository';

/** One feed page's delivery, as the offline vault feature reports it. */
export interface DeviceDeliveryRecord {
  user: { id: string; username: string };
  device: { id: string; name: string };
  ip: string;
  userAgent: string | null;
  at: Date;
  /** The entries sent, with their business name and how many secrets each carried. */
  entries: { entryId: string; businessName: string; fieldCount: number }[];
}

/** Appends one audit row per entry of the page (one statement). */
export async function recordDeviceDelivery(db: Database, r: DeviceDeliveryRecord): Promise<void> {
  await insertReveals(
    db,
    r.entries.map((e) => ({
      entryId: e.entryId,
      businessName: e.businessName,
      userId: r.user.id,
      username: r.user.username,
      field: 'bundle',
      fieldCount: e.fieldCount,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.at,
      source: 'device',
      deviceId: r.device.id,
      deviceName: r.device.name,
      receivedAt: r.at,
    })),
  );
}
