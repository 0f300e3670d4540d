/**
 * File management routes (SPEC.md 7; admin only, DESIGN.md 4):
 * - GET    /api/admin/files          -> FileEntry[] by name.
 * - POST   /api/admin/files/upload   multipart/form-data, the file in field `file` -> 201 FileUploaded
 *          `{ file, replaced }`; 400 unsafe name / not multipart / no file / content not matching the
 *          extension / empty; 409 a built-in download's name; 413 beyond UPLOAD_MAX_MB.
 * - DELETE /api/admin/files/:name    -> 204; 400 unsafe name; 404 no such file; 409 FileInUseBody.
 * Uploads and deletes of the same name are serialized in this process (nameLocks.ts).
 */
import Router, { type RouterMiddleware } from '@koa/router';
import type { FileEntry, FileUploaded } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import type { Services } from '../../services';
import { recordDigest } from './digests';
import { receiveFile } from './multipart';
import { NameLocks } from './nameLocks';
import { assertSafeName, deleteFile, listFiles, storeUpload } from './service';
import { event } from '../../events';
import { actorOf } from '../../http/actor';

/** The file management router (see the module doc for the routes). */
export function fileRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  // Uploads and deletes of one name run one after the other (nameLocks.ts).
  const locks = new NameLocks();

  router.get('/api/admin/files', requireAdmin(), async (ctx) => {
    ctx.body = (await listFiles(s.storage)) satisfies FileEntry[];
  });

  router.post('/api/admin/files/upload', requireAdmin(), async (ctx) => {
    const maxBytes = s.config.uploadMaxBytes;
    const result = await receiveFile(ctx.req, ctx.res, {
      field: 'file',
      maxBytes,
      handle: (name, stream, signal) => locks.run(name, () => storeUpload(s.storage, name, stream, { maxBytes, signal })),
    });
    // Stored with the storage version it belongs to (downloads show it), after the name lock: a delete
    // waiting for that lock holds a transaction. A newer version recorded first only makes this row
    // stale, and a stale row is recomputed once (digests.ts).
    const { etag, ...uploaded } = result;
    await recordDigest(s.db, { fileName: uploaded.file.name, etag, sha256: uploaded.sha256! }, s.clock());
    s.logger.info('file uploaded', { requestId: ctx.state.requestId, name: result.file.name, size: result.file.size, replaced: result.replaced });
    const action = result.replaced ? 'replaced' : 'uploaded';
    await s.events.transaction(s.db, (tx) => s.events.emit(tx, [event('file.changed', { name: uploaded.file.name, action }, s.clock(), actorOf(ctx))]));
    ctx.status = 201;
    ctx.body = uploaded satisfies FileUploaded;
  });

  /** 400 for an unsafe `:name`, before a transaction opens. */
  const safeName: RouterMiddleware<AppState> = async (ctx, next) => {
    assertSafeName(ctx.params.name ?? '', 'name');
    await next();
  };

  // The file is deleted inside the route's transaction, while it holds the file-name lock.
  router.delete('/api/admin/files/:name', requireAdmin(), safeName, transaction(s), async (ctx) => {
    const name = ctx.params.name!;
    await locks.run(name, () => deleteFile(txOf(ctx), s.storage, name));
    await s.events.emit(txOf(ctx), [event('file.changed', { name, action: 'deleted' }, s.clock(), actorOf(ctx))]);
    s.logger.info('file deleted', { requestId: ctx.state.requestId, name });
    ctx.status = 204;
  });

  return router;
}
