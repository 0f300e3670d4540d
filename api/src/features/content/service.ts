/**
 * Content rules (SPEC.md 2 "Content management", 3, 4): admins create, edit and delete items; a
 * technician reads the active ones. An item's `fileName` must name a stored (uploaded) file: the
 * check runs under the file-name lock (repository.lockFileName) inside the route's transaction, so
 * it cannot race the deletion of that file. Deleting an item never deletes its file (files are
 * managed on /admin/file-management).
 */
import { MSG } from '@portal/shared';
import type { ContentItem, ContentItemCreate, ContentItemPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage';
import { presentContentItem } from './presenter';
import {
  deleteContentItem as deleteRow,
  findContentItem,
  insertContentItem,
  listContentItems as listRows,
  lockFileName,
  updateContentItem as updateRow,
} from './repository';

/** Sizes of the files that `names` mention (one storage call; a storage failure only loses the sizes). */
async function fileSizes(storage: FileStorage, names: (string | null)[], logger: Logger): Promise<Map<string, number>> {
  const wanted = new Set(names.filter((n): n is string => n !== null));
  if (wanted.size === 0) return new Map();
  try {
    if (wanted.size === 1) {
      const [name] = wanted;
      const stat = await storage.stat(name!);
      return new Map(stat ? [[stat.name, stat.size]] : []);
    }
    return new Map((await storage.list()).filter((o) => wanted.has(o.name)).map((o) => [o.name, o.size]));
  } catch (err) {
    logger.warn('file sizes unavailable', { error: err instanceof Error ? err.message : String(err) });
    return new Map();
  }
}

/** @throws 400 on `fileName` when no such file is stored. */
async function assertFileStored(tx: Database, storage: FileStorage, fileName: string): Promise<void> {
  await lockFileName(tx, fileName);
  if (!(await storage.stat(fileName))) throw badRequest(MSG.fileNotStored, { fileName: [MSG.fileNotStored] });
}

/** Every item for admins, only active items for technicians (inactive items are drafts). */
export async function listContent(db: Database, storage: FileStorage, logger: Logger, options: { activeOnly: boolean }): Promise<ContentItem[]> {
  const rows = await listRows(db, options);
  const sizes = await fileSizes(storage, rows.map((r) => r.fileName), logger);
  return rows.map((r) => presentContentItem(r, sizes));
}

/** Creates an item. @throws 400 when its file is not stored. */
export async function createContent(tx: Database, storage: FileStorage, logger: Logger, input: ContentItemCreate, now: Date): Promise<ContentItem> {
  if (input.fileName) await assertFileStored(tx, storage, input.fileName);
  const row = await insertContentItem(tx, input, now);
  return presentContentItem(row, await fileSizes(storage, [row.fileName], logger));
}

/** Applies a patch. @throws 404 unknown id, 400 when a new file name is not stored. */
export async function updateContent(
  tx: Database,
  storage: FileStorage,
  logger: Logger,
  id: string,
  patch: ContentItemPatch,
  now: Date,
): Promise<ContentItem> {
  const current = await findContentItem(tx, id);
  if (!current) throw notFound(MSG.contentNotFound);
  if (patch.fileName && patch.fileName !== current.fileName) await assertFileStored(tx, storage, patch.fileName);
  const row = await updateRow(tx, id, patch, now);
  if (!row) throw notFound(MSG.contentNotFound);
  return presentContentItem(row, await fileSizes(storage, [row.fileName], logger));
}

/** Deletes an item (its file stays). @throws 404 unknown id. */
export async function deleteContent(tx: Database, id: string): Promise<string> {
  const item = await findContentItem(tx, id);
  if (!item || !(await deleteRow(tx, id))) throw notFound(MSG.contentNotFound);
  return item.title;
}
