/**
 * Account rules of the users feature (rules only, SQL in repository.ts).
 */
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { lockActiveAdminIds } from './statusRepository';

/**
 * Refuses (400 `message`, under `field` when given) to demote, delete or disable `userId` when no
 * other active admin would be left: a disabled admin cannot sign in, so does not count. Call inside
 * the route's transaction, before the change: the active admin rows stay locked until it ends, so
 * two concurrent demotions cannot both pass.
 */
export async function assertAnotherAdmin(tx: Database, userId: string, message: string, field?: string): Promise<void> {
  const admins = await lockActiveAdminIds(tx);
  if (admins.every((id) => id === userId)) throw badRequest(message, field ? { [field]: [message] } : undefined);
}
