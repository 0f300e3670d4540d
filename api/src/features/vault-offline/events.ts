/**
 * The offline vault's subscriber (docs/events.md, docs/vault.md "Customer Vault offline"),
 * registered in api/src/event-subscribers.ts: `vault-offline.revoke_devices` (in the transaction)
 * revokes every offline vault device of a user whose access must end, with the reason stored on the
 * device row; each device wipes its copy at its next sync.
 * - user.disabled -> 'user_disabled'; user.password_changed -> 'password_change';
 * - user.role_changed to 'user' (no longer staff) -> 'role_changed';
 * - user.second_factor_reset -> 'two_factor_reset'; user.deleting -> 'user_deleted' (the rows stay,
 *   user_id set null by the delete, as evidence of who had offline access).
 */
import { defineSubscriber, type DomainEvent } from '../../events';
import type { VaultDeviceRevokeReason } from '@portal/shared';
import { revokeUserDevices } from './service';

/** The revoke reason of an event, or null when it does not end offline access. */
function reasonOf(e: DomainEvent): VaultDeviceRevokeReason | null {
  switch (e.name) {
    case 'user.disabled':
      return 'user_disabled';
    case 'user.password_changed':
      return 'password_change';
    case 'user.role_changed':
      return e.data.to === 'user' ? 'role_changed' : null;
    case 'user.second_factor_reset':
      return 'two_factor_reset';
    case 'user.deleting':
      return 'user_deleted';
    default:
      return null;
  }
}

const revokeDevices = defineSubscriber({
  name: 'vault-offline.revoke_devices',
  events: ['user.disabled', 'user.password_changed', 'user.role_changed', 'user.second_factor_reset', 'user.deleting'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const e of events) {
      const reason = reasonOf(e as DomainEvent);
      if (reason) await revokeUserDevices(tx, e.data.userId, e.at, reason);
    }
  },
});

/** The offline vault's subscribers. */
export const vaultOfflineSubscribers = [revokeDevices];
