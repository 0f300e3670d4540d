/**
 * The replies feature's port (api/README.md "Features and ports"):
 * - `macroForUpdate(db, macroId, userId)`: the macro a ticket update applies (`macroId` of
 *   PATCH /api/tickets/:id), `{ id, name }`, read in the update's transaction. A macro deleted since
 *   the phone queued the update still names its group; an unknown macro, or another person's
 *   personal one, is refused with 400 `Macro not found`.
 */
import { REPLY_TEXT } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { findItem } from './repository';

/** See the module doc. */
export async function macroForUpdate(db: Database, macroId: string, userId: string): Promise<{ id: string; name: string }> {
  const row = await findItem(db, 'macro', macroId);
  if (!row || (row.ownerId !== null && row.ownerId !== userId)) throw badRequest(REPLY_TEXT.macroNotFound, { macroId: [REPLY_TEXT.macroNotFound] });
  return { id: row.id, name: row.name };
}
