/**
 * The tus 1.0 endpoint `/api/uploads` (README "Attachments"; https://tus.io/protocols/resumable-upload):
 * POST creates an upload (`Upload-Length`, `Upload-Metadata: filename ...`) and answers 201 with a
 * relative `Location: /api/uploads/<id>` (the upload id is its last segment, 32 hex digits); HEAD
 * tells how many bytes arrived (`Upload-Offset`); PATCH appends from that offset, so an upload cut at
 * 60% resumes at 60%; DELETE abandons it. Open to the public form; creations are rate limited per IP.
 *
 * Checks before any byte is kept: a file name whose type is accepted and a declared size of at most
 * ATTACHMENT_MAX_MB (a PATCH beyond `Upload-Length` is refused by tus itself). When the last byte
 * arrives, the content is sniffed against the name; a mismatch removes the upload and answers 400.
 * Refusals carry the portal's `{ message, code }` as their body.
 */
import { randomBytes } from 'node:crypto';
import { Server } from '@tus/server';
import type { Middleware } from 'koa';
import { attachmentTooLargeMessage } from '@portal/shared';
import { ApiError, tooLarge } from '../../http/errors';
import { consumeOrThrow } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { checkDeclared, cleanFileName, sniffUpload } from './process';
import { attachmentsFor } from './runtime';
import { maybeSweep } from './sweep';

export const UPLOADS_PATH = '/api/uploads';

/** An ApiError as the `{ status_code, body }` object tus hooks throw. */
function tusRefusal(err: unknown): { status_code: number; body: string } {
  if (err instanceof ApiError) return { status_code: err.status, body: JSON.stringify({ message: err.message, code: err.code }) };
  throw err;
}

/** Builds the tus server of `s` (its data store is the runtime's). */
export function createTusServer(s: Services): Server {
  const rt = attachmentsFor(s);
  return new Server({
    path: UPLOADS_PATH,
    datastore: rt.uploads,
    relativeLocation: true,
    maxSize: rt.limits.maxFileBytes,
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(_req, upload) {
      try {
        checkDeclared(cleanFileName(upload.metadata?.filename), upload.size, rt.limits.maxFileBytes);
      } catch (err) {
        throw tusRefusal(err);
      }
      return {};
    },
    // tus's own refusals (a size over maxSize, a deferred length) in the portal's shape too.
    onResponseError(_req, err) {
      if (err instanceof Error || err.status_code !== 413) return undefined;
      return tusRefusal(tooLarge(attachmentTooLargeMessage(rt.limits.maxFileBytes)));
    },
    async onUploadFinish(_req, upload) {
      try {
        await sniffUpload(rt.uploads, upload.id, cleanFileName(upload.metadata?.filename));
      } catch (err) {
        await rt.uploads.remove(upload.id).catch(() => {});
        throw tusRefusal(err);
      }
      return {};
    },
  });
}

/**
 * Koa middleware answering `/api/uploads` and `/api/uploads/<id>` with tus; runs before the body
 * parser (tus reads the request stream itself). Starts the day's clean-up now and then (sweep.ts).
 */
export function uploadEndpoint(s: Services): Middleware<AppState> {
  let server: Server | undefined;
  return async (ctx, next) => {
    if (ctx.path !== UPLOADS_PATH && !ctx.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    if (ctx.method === 'POST') {
      await consumeOrThrow(s.limiters.uploadCreate, ctx.ip);
      maybeSweep(s);
    }
    server ??= createTusServer(s);
    ctx.respond = false;
    await server.handle(ctx.req, ctx.res);
  };
}
