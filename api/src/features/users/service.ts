/**
 * Account rules of the users feature (rules only, SQL in repository.ts).
 */
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { lockAdminIds } from './repository';

/**
 * Refuses (400 `message`, under `field` when given) to take the admin role away from `userId` when
 * no other admin would be left. Call inside the route's transaction, before the change: the admin
 * rows stay locked until it ends, so two concurrent demotions cannot both pass.
 */
export async function assertAnotherAdmin(tx: Database, userId: string, message: string, field?: string): Promise<void> {
  const admins = await lockAdminIds(tx);
  if (admins.every((id) => id === userId)) throw badRequest(message, field ? { [field]: [message] } : undefined);
}
