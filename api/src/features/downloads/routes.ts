/**
 * GET /api/downloads/checksums (staff) -> DownloadChecksums: hex SHA-256 by file name of every
 * built-in and uploaded download, computed once and stored (files/digests.ts), never per request.
 *
 * GET /api/downloads/:fileName (SPEC.md 2 "Downloads", 7; admin and technician, others 403
 * 'Admin or technician privileges required to access downloads'): a built-in catalogue file or an
 * uploaded file, served like a careful file host (DESIGN.md 7):
 * - `Accept-Ranges: bytes`; one Range -> 206 with Content-Range; outside the file -> 416.
 * - ETag + Last-Modified; If-None-Match / If-Modified-Since -> 304; If-Range honoured.
 * - `Cache-Control: private, no-cache` (revalidate every time; never in shared caches).
 * - The file's own Content-Type, `X-Content-Type-Options: nosniff`, and `Content-Security-Policy:
 *   sandbox` on every file: HTML and SVG are served `inline` (they open in a new tab) but in a
 *   sandbox without `allow-same-origin` or scripts, so they cannot read the app's storage, cookies
 *   or session; everything else is `attachment` (downloaded, never rendered).
 * - HEAD answers the same headers without a body. 400 for an unsafe name, 404 when missing.
 */
import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import { Readable } from 'node:stream';
import { DOWNLOAD_CATALOGUE, MSG, STAFF_ROLES, fileTypeOf, type DownloadChecksums } from '@portal/shared';
import { ifRangeMatches, isNotModified, planRange } from '../../http/conditional';
import { ApiError, forbidden, notFound, unauthenticated } from '../../http/errors';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { StorageChangedError } from '../../storage';
import { assertSafeName, uploadedDigests } from '../files/port';
import { createBuiltIns } from './builtins';
import { findDownload, type DownloadSource } from './service';

/** CSP of every download: an opaque-origin sandbox (no scripts, no same-origin access), passive content only. */
export const DOWNLOAD_CSP = [
  'sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "media-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** Staff only, with SPEC.md 6's downloads message for other roles. */
function requireDownloadAccess(): Middleware<AppState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw unauthenticated();
    if (!STAFF_ROLES.includes(auth.user.role)) throw forbidden(MSG.downloadsDenied);
    await next();
  };
}

/** Looks at a stored file this many times when it changes between its validators and its bytes; then 409 `file_changing`. */
const DOWNLOAD_ATTEMPTS = 3;

const header = (ctx: { get(name: string): string }, name: string) => ctx.get(name) || undefined;

/** The downloads router (see the module doc). */
export function downloadRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const builtIns = createBuiltIns(s.config);

  async function send(ctx: ParameterizedContext<AppState>, fileName: string, source: DownloadSource): Promise<void> {
    const { size, modified, etag } = source;
    // Compression (http/compression.ts) would break Content-Length and Content-Range; files are sent as stored.
    (ctx as { compress?: boolean }).compress = false;
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', modified.toUTCString());
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', DOWNLOAD_CSP);

    if (isNotModified({ ifNoneMatch: header(ctx, 'If-None-Match'), ifModifiedSince: header(ctx, 'If-Modified-Since') }, etag, modified)) {
      ctx.status = 304;
      return;
    }
    const plan = ifRangeMatches(header(ctx, 'If-Range'), etag, modified) ? planRange(header(ctx, 'Range'), size) : { kind: 'full' as const };
    if (plan.kind === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${size}`);
      throw new ApiError(416, 'range_not_satisfiable', `The requested range is outside the file (${size} bytes)`);
    }
    const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
    const body = ctx.method === 'HEAD' ? Readable.from([]) : await source.open(range);

    const info = fileTypeOf(fileName);
    ctx.attachment(fileName, { type: info?.opensInTab ? 'inline' : 'attachment' });
    ctx.set('Content-Type', info?.mime ?? 'application/octet-stream');
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    } else {
      ctx.status = 200;
    }
    ctx.body = body;
    ctx.length = range ? range.end - range.start + 1 : size;
  }

  // Before `/:fileName`: 'checksums' has no extension, so it can never be an uploaded file's name.
  router.get('/api/downloads/checksums', requireDownloadAccess(), async (ctx) => {
    const builtIn = await Promise.all(DOWNLOAD_CATALOGUE.map(async (e) => [e.fileName, (await builtIns.get(e.fileName)!).sha256] as const));
    const uploaded = await uploadedDigests(s.db, s.storage, s.clock());
    ctx.body = { checksums: { ...uploaded, ...Object.fromEntries(builtIn) } } satisfies DownloadChecksums;
  });

  router.get('/api/downloads/:fileName', requireDownloadAccess(), async (ctx) => {
    const fileName = ctx.params.fileName ?? '';
    assertSafeName(fileName, 'fileName');
    // A file replaced between reading its validators and opening it: look again. One that keeps
    // changing (uploads and deletes of the name racing this download) is a conflict the caller
    // can retry, not a server error.
    for (let attempt = 1; ; attempt++) {
      const source = await findDownload(s.storage, builtIns, fileName);
      if (!source) throw notFound(MSG.fileNotFound);
      try {
        await send(ctx, fileName, source);
        return;
      } catch (err) {
        if (!(err instanceof StorageChangedError)) throw err;
        if (attempt >= DOWNLOAD_ATTEMPTS) {
          ctx.set('Retry-After', '1');
          throw new ApiError(409, 'file_changing', 'The file is being replaced right now. Try the download again in a moment.');
        }
      }
    }
  });

  return router;
}
