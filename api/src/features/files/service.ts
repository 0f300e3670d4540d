/**
 * File management rules (SPEC.md 2 "File management"):
 * - upload: a safe name (no traversal, no hidden files, allowed extension: 400 otherwise), not a
 *   built-in download's name (409), at most UPLOAD_MAX_MB (413), bytes matching the extension (400);
 *   streamed into storage, which publishes it atomically (an upload of an existing name replaces
 *   that file, so content items pointing at it get the new version).
 * - delete: refused with 409 while content items use the file (the message names them; the body
 *   lists them in `usedBy`), decided under the file-name lock so no item can start using it meanwhile.
 */
import type { Readable } from 'node:stream';
import { MSG, fileNameProblem, fileTypeOf, isCatalogueFileName } from '@portal/shared';
import type { FileEntry, FileUploaded } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { lockFileUsers } from '../content/port';
import { UploadInspector } from './inspect';
import { UploadAbortedError } from './multipart';
import { presentFileEntry } from './presenter';

/** @throws 400 with the rule the name breaks. */
export function assertSafeName(name: string, field = 'file'): void {
  const problem = fileNameProblem(name);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}

/** Every stored file by name. */
export async function listFiles(storage: FileStorage): Promise<FileEntry[]> {
  return (await storage.list()).map(presentFileEntry);
}

/**
 * Streams one uploaded file into storage through the size and type checks. On any failure
 * (checks, client abort via `signal`, storage error) storage discards the partial upload.
 */
export async function storeUpload(
  storage: FileStorage,
  sentName: string,
  stream: Readable,
  options: { maxBytes: number; signal: AbortSignal },
): Promise<FileUploaded & { etag: string }> {
  // The one change ever made to a name: Unicode NFC, so "Ü" typed on a Mac (often sent
  // decomposed, NFD) and on Windows is the same file. Everything else is refused, not rewritten.
  const name = sentName.normalize('NFC');
  try {
    assertSafeName(name);
    if (isCatalogueFileName(name)) throw conflict(MSG.fileNameReserved);
  } catch (err) {
    stream.resume();
    throw err;
  }
  const replaced = (await storage.stat(name).catch((err: unknown) => {
    stream.resume();
    throw err;
  })) !== null;
  const inspector = new UploadInspector(name, options.maxBytes);
  // The first error of the inspector (413, type mismatch, abort) is the answer; storage may only
  // see its consequence (a premature close). The listener also keeps an error raised before
  // storage attached its own from becoming an uncaught exception.
  let inspectorError: unknown;
  inspector.on('error', (err) => (inspectorError ??= err));
  const abort = () => inspector.destroy(new UploadAbortedError());
  if (options.signal.aborted) abort();
  options.signal.addEventListener('abort', abort, { once: true });
  stream.on('error', (err) => inspector.destroy(err));
  stream.pipe(inspector);
  try {
    const stored = await storage.put(name, inspector, { contentType: fileTypeOf(name)!.mime });
    return { file: presentFileEntry(stored), replaced, sha256: inspector.sha256(), etag: stored.etag };
  } catch (err) {
    throw inspectorError ?? err;
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

/**
 * Deletes a stored file inside the route's transaction.
 * @throws 409 (with `usedBy`) while content items use it, 404 when there is no such file.
 */
export async function deleteFile(tx: Database, storage: FileStorage, name: string): Promise<void> {
  const usedBy = await lockFileUsers(tx, name);
  if (usedBy.length > 0) {
    const titles = usedBy.map((u) => `"${u.title}"`).join(', ');
    const items = usedBy.length === 1 ? 'content item' : 'content items';
    throw conflict(`This file is used by the ${items} ${titles}. Remove it from ${usedBy.length === 1 ? 'that item' : 'those items'} or delete ${usedBy.length === 1 ? 'it' : 'them'} first.`, {
      usedBy,
    });
  }
  if (!(await storage.delete(name))) throw notFound(MSG.fileNotFound);
}
