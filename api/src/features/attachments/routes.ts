/**
 * Attachment routes (docs/attachments.md):
 * - `/api/uploads[/<id>]`  the tus 1.0 endpoint (tus.ts; mounted before the body parser by app.ts).
 * - GET /api/tickets/:id/attachments/:attachmentId[?thumb=1]  staff; the stored file (or its 320 px
 *   WebP thumbnail) with `Content-Disposition` (photos `inline`, every other file `attachment`),
 *   `X-Content-Type-Options: nosniff` and a sandboxing CSP; never HTML or SVG (not accepted types).
 *   404 when the ticket has no such attachment.
 */
import Router from '@koa/router';
import { MSG, attachmentParamsSchema, attachmentQuerySchema } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { ATTACHMENT_CSP, openAttachment } from './service';

export function attachmentRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const input = validate({ params: attachmentParamsSchema, query: attachmentQuerySchema, notFoundMessage: MSG.notFound });

  router.get('/api/tickets/:id/attachments/:attachmentId', requireStaff(), input, async (ctx) => {
    const { params, query } = input.get(ctx);
    const file = await openAttachment(s, params.id, params.attachmentId, { thumb: query.thumb === '1' });
    if (!file) throw notFound(MSG.notFound);
    ctx.type = file.contentType;
    ctx.length = file.size;
    ctx.attachment(file.fileName, { type: file.contentType.startsWith('image/') ? 'inline' : 'attachment' });
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', ATTACHMENT_CSP);
    // The bytes behind an attachment id never change: the browser may keep them (private: staff only).
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.body = file.stream;
  });
  return router;
}
