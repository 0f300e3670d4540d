/**
 * What other features may ask the content feature (DESIGN.md "features never import each other,
 * except another feature's port.ts").
 */
import type { Database } from '../../db/client';
import { itemsUsingFile, lockFileName } from './repository';

/**
 * Locks `fileName` against content writes until the transaction ends and returns the content items
 * that use it. The files feature calls this before deleting a file: while it holds the lock no
 * item can start using the file, so an empty answer stays true until the deletion commits.
 */
export async function lockFileUsers(tx: Database, fileName: string): Promise<{ id: string; title: string }[]> {
  await lockFileName(tx, fileName);
  return itemsUsingFile(tx, fileName);
}
