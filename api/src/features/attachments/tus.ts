/**
 * The tus 1.0 endpoint `/api/uploads` (docs/attachments.md; https://tus.io/protocols/resumable-upload):
 * POST creates an upload (`Upload-Length`, `Upload-Metadata: filename ...`) and answers 201 with a
 * relative `Location: /api/uploads/<id>` (the upload id is its last segment, 32 hex digits); HEAD
 * tells how many bytes arrived (`Upload-Offset`); PATCH appends from that offset, so an upload cut at
 * 60% resumes at 60%; DELETE abandons it. Open to the public form; creations are rate limited per IP.
 *
 * Checks before any byte is kept: a file name whose type is accepted and a declared size of at most
 * ATTACHMENT_MAX_MB (a PATCH beyond `Upload-Length` is refused by tus itself). When the last byte
 * arrives, the content is sniffed against the name; a mismatch removes the upload and answers 400.
 * Refusals carry the portal's `{ message, code }` as their body.
 *
 * Issue 55: a finished upload is never read back (GET answers 404 to everyone: the app only sends
 * files, and an upload served with the sender's Content-Type ran as script on the app's origin);
 * each upload is tagged server-side `anon:<ip>` or `staff:<user id>` (UPLOADER_KEY); anonymous
 * uploads count against the pending quota (quota.ts: 429 per IP, 507 in total), and an anonymous
 * photo is refused when it would decode to over ANON_MAX_PIXELS, its decoding costing one point
 * of the IP's `uploadCreate` limit per whole 10 megapixels (images.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { Server } from '@tus/server';
import type { Middleware } from 'koa';
import { MSG, attachmentTooLargeMessage } from '@portal/shared';
import { requestToken, type SessionLookup } from '../../http/authenticate';
import { ApiError, notFound, tooLarge } from '../../http/errors';
import { consumeOrThrow } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { anonymousImageCheck } from './images';
import { checkDeclared, cleanFileName, sniffUpload } from './process';
import { UPLOADER_KEY, isAnonymousTag } from './quota';
import { attachmentsFor } from './runtime';
import { loadPending, maybeSweep } from './sweep';

/** The uploader tag of the request being handled, for the tus hooks (never anything the client sent). */
const uploader = new AsyncLocalStorage<string>();

export const UPLOADS_PATH = '/api/uploads';
const UPLOADS_PREFIX = `${UPLOADS_PATH}/`;

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
      const tag = uploader.getStore() ?? 'anon:unknown';
      if (isAnonymousTag(tag)) rt.pending.add(upload.id, { ip: tag.slice(5), bytes: upload.size ?? rt.limits.maxFileBytes, created: Date.now() });
      return { metadata: { ...upload.metadata, [UPLOADER_KEY]: tag } };
    },
    // tus's own refusals (a size over maxSize, a deferred length) in the portal's shape too.
    onResponseError(_req, err) {
      if (err instanceof Error || err.status_code !== 413) return undefined;
      return tusRefusal(tooLarge(attachmentTooLargeMessage(rt.limits.maxFileBytes)));
    },
    async onUploadFinish(_req, upload) {
      try {
        const fileName = cleanFileName(upload.metadata?.filename);
        await sniffUpload(rt.uploads, upload.id, fileName, upload.size ?? 0);
        const tag = upload.metadata?.[UPLOADER_KEY];
        if (isAnonymousTag(tag)) await anonymousImageCheck(s, rt, upload.id, fileName, tag?.slice(5) ?? 'unknown');
      } catch (err) {
        await rt.uploads.remove(upload.id).catch(() => {});
        rt.pending.remove(upload.id);
        throw tusRefusal(err);
      }
      return {};
    },
  });
}

/**
 * Koa middleware answering `/api/uploads` and `/api/uploads/<id>` with tus; runs before the body
 * parser (tus reads the request stream itself). `lookup` resolves the request's session (the same
 * as `authenticate`'s): a request without a full staff session is anonymous. GET is refused (module
 * doc); a creation is rate limited per IP and, when anonymous, held against the pending quota.
 * Starts the day's clean-up now and then (sweep.ts).
 */
export function uploadEndpoint(s: Services, lookup: SessionLookup): Middleware<AppState> {
  let server: Server | undefined;
  const rt = attachmentsFor(s);
  const upload: Middleware<AppState> = async (ctx) => {
    if (ctx.method === 'GET') throw notFound(MSG.notFound);
    let hold: number | undefined;
    let tag = `anon:${ctx.ip}`;
    if (ctx.method === 'POST') {
      await consumeOrThrow(s.limiters.uploadCreate, ctx.ip);
      maybeSweep(s);
      const token = requestToken(ctx);
      const auth = token && token.length <= 200 ? await lookup(token) : null;
      const staff = auth && !auth.needsEnrolment && auth.user.role !== 'user';
      if (staff) tag = `staff:${auth.user.id}`;
      else {
        const declared = Number(ctx.get('Upload-Length')) || rt.limits.maxFileBytes;
        hold = (await loadPending(rt)).reserve(ctx.ip, Math.min(declared, rt.limits.maxFileBytes), rt.limits, Date.now());
      }
    }
    server ??= createTusServer(s);
    const tus = server;
    ctx.respond = false;
    try {
      await uploader.run(tag, () => tus.handle(ctx.req, ctx.res));
    } finally {
      if (hold !== undefined) rt.pending.release(hold);
      if (ctx.method === 'DELETE' && ctx.res.statusCode === 204) rt.pending.remove(ctx.path.slice(UPLOADS_PATH.length + 1));
    }
  };
  // Every other request passes straight on, without an async frame of its own.
  return (ctx, next) => {
    const path = ctx.path;
    return path === UPLOADS_PATH || path.startsWith(UPLOADS_PREFIX) ? upload(ctx, next) : next();
  };
}
