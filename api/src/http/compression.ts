/**
 * Response compression (DESIGN.md 7 "fast on a phone"; README Decisions "Response compression").
 *
 * - {@link negotiateCoding}: the one Accept-Encoding decision, shared by this middleware and by
 *   routes that keep precompressed answers (the staff list's page cache): brotli, else gzip, else
 *   identity, by the client's q-values with ties going to brotli. When nothing the client lists is
 *   acceptable (`identity;q=0`, `*;q=0`, `deflate, identity;q=0`) the answer goes out as identity:
 *   RFC 9110 12.5.3 lets a server send identity rather than fail, and a 406 would only break the
 *   client. (koa-compress, used before, threw on these headers outside the error handler: 500 with
 *   no log line on every answer of 1 KiB or more.)
 * - {@link compressResponses}: compresses compressible answers of at least `threshold` bytes. A
 *   JSON body (object or array) is serialised once here, so neither Koa's length check nor the
 *   compressor serialises it again. String and Buffer bodies are compressed in one shot (in place up
 *   to 64 KiB, on the libuv pool above: {@link compressBuffer}) with a window sized to the body (a
 *   streaming brotli encoder with the default 4 MiB window per concurrent request was most of the
 *   API's memory under browser load); streams are piped through a compressor. Skipped: HEAD,
 *   204/205/304, 206 or any Content-Range, a body that already has a Content-Encoding
 *   (precompressed pages and static files), `ctx.compress === false` (downloads),
 *   `Cache-Control: no-transform`, and types that do not compress.
 */
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import type { Context, Middleware } from 'koa';

/**
 * Smallest answer compressed (bytes): smaller answers go out as they are (compressing them costs
 * more than it saves).
 */
export const COMPRESS_THRESHOLD = 1024;

/** A content coding the API sends. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

const CODINGS: ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding of an answer to the request header `acceptEncoding` (see the module doc). No header
 * (or an empty one) means identity; `*` covers br and gzip.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding || !acceptEncoding.trim()) return 'identity';
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const best = negotiator.encoding(CODINGS, { preferred: CODINGS }) as ContentCoding | undefined;
  return best ?? 'identity';
}

/**
 * Brotli quality of answers compressed per request. 3: a list page of 50 (41 KB) compressed to
 * 4,320 bytes in 0.16 ms of CPU, where quality 4 took 0.28 ms for 4,145 bytes (4% smaller) and
 * 5 0.55 ms for 3,940 (docs/benchmarks.md "Where the two cores go").
 */
export const BROTLI_QUALITY = 3;
/** gzip level of answers compressed per request. */
export const GZIP_LEVEL = 6;

/** Brotli window (log2 bytes) for a body of `size` bytes: just large enough, 16..22 (22 = 4 MiB, the default). */
const brotliWindow = (size: number | undefined) =>
  size === undefined ? zlib.constants.BROTLI_DEFAULT_WINDOW : Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(size + 1))));

/** zlib options of `coding` for a body of `size` bytes (unknown for streams without Content-Length). */
function optionsFor(coding: 'br' | 'gzip', size: number | undefined): zlib.BrotliOptions | zlib.ZlibOptions {
  if (coding === 'gzip') return { level: GZIP_LEVEL };
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(size),
  };
  if (size !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = size;
  return { params };
}

/** One-shot compressors per coding: in place, and on the libuv pool. */
const inPlace = { br: zlib.brotliCompressSync, gzip: zlib.gzipSync };
const onPool = { br: promisify(zlib.brotliCompress), gzip: promisify(zlib.gzip) };

/**
 * Largest body compressed on the calling thread (bytes); larger ones go to the libuv pool. For a
 * staff list page the hop to the pool and back cost more CPU than compressing: 17 KB at brotli 4
 * took 0.10-0.14 ms of CPU in place and 0.25-0.49 ms through the pool, and the pool's writev and
 * wake-ups were a quarter of the API thread under uncached list load (docs/benchmarks.md
 * "Uncached pages: compressed in place"). 64 KiB blocks the event loop for well under a millisecond.
 */
export const INLINE_COMPRESS_MAX = 64 * 1024;

/**
 * `data` compressed with `coding` in one shot, the same settings as answers compressed per request:
 * in place up to {@link INLINE_COMPRESS_MAX} bytes, on the libuv pool above. Rejects on a zlib error.
 */
export async function compressBuffer(data: Buffer, coding: 'br' | 'gzip'): Promise<Buffer> {
  const options = optionsFor(coding, data.length);
  return data.length <= INLINE_COMPRESS_MAX ? inPlace[coding](data, options) : onPool[coding](data, options);
}

/** Types worth compressing: text, JSON, JavaScript, XML, SVG, web manifests. Images, archives, video: never. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|x-javascript|xml|manifest\+json|[\w.+-]+\+(json|xml))\b|image\/svg\+xml\b)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const EMPTY_STATUSES = new Set([204, 205, 304]);

const isJsonBody = (body: unknown) =>
  typeof body === 'object' && body !== null && !(body instanceof Stream) && !Buffer.isBuffer(body) && !(body instanceof Uint8Array);

/**
 * `data` in memory of its own when it is a small view of a larger allocation (zlib's one-shot
 * output is a slice of a 16 KiB chunk: a kept 3 KB variant would hold the whole chunk).
 */
function ownBytes(data: Buffer): Buffer {
  if (data.buffer.byteLength <= data.length + 1024) return data;
  const own = Buffer.allocUnsafeSlow(data.length);
  data.copy(own);
  return own;
}

/** `parts` as UTF-8, one after the other, in one buffer. */
function joinedBytes(parts: readonly string[]): Buffer {
  let size = 0;
  for (const part of parts) size += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}

/**
 * An answer serialised once, with its brotli and gzip variants each made once, on first use, and
 * kept as long as the object is (the staff list's page cache keeps one per cached page, so a hit
 * costs no serialising and no compressing); each variant holds only its own bytes. A failed
 * compression is not kept.
 */
export class EncodedBody {
  /** The answer's bytes as sent with identity coding. */
  readonly plain: Buffer;
  private readonly variants = new Map<'br' | 'gzip', Promise<Buffer>>();

  /**
   * @param text the answer, or its pieces in order: written one after the other into the bytes,
   *   so a large piece (a page's items from the database) is never copied into a joined string first.
   */
  constructor(text: string | readonly string[]) {
    this.plain = typeof text === 'string' ? Buffer.from(text) : joinedBytes(text);
  }

  /** The bytes of `coding` (compressed once, then shared by every later caller). */
  encoded(coding: 'br' | 'gzip'): Promise<Buffer> {
    let variant = this.variants.get(coding);
    if (!variant) {
      variant = compressBuffer(this.plain, coding).then(ownBytes);
      this.variants.set(coding, variant);
      variant.catch(() => this.variants.delete(coding));
    }
    return variant;
  }
}

/**
 * Sends `body` as JSON in the coding {@link negotiateCoding} picks for this request (identity below
 * {@link COMPRESS_THRESHOLD}), with Content-Encoding set so the middleware leaves it alone.
 */
export async function sendEncoded(ctx: Context, body: EncodedBody): Promise<void> {
  const coding = negotiateCoding(ctx.get('Accept-Encoding'));
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (coding === 'identity' || body.plain.length < COMPRESS_THRESHOLD) {
    ctx.body = body.plain;
    return;
  }
  ctx.body = await body.encoded(coding);
  ctx.set('Content-Encoding', coding);
}

/** The compression middleware (see the module doc); mount it inside the error handler. */
export function compressResponses(threshold = COMPRESS_THRESHOLD): Middleware {
  return async (ctx, next) => {
    // The first Vary of a response is set as it is (`vary` parses and merges the header otherwise).
    if (ctx.res.hasHeader('Vary')) ctx.vary('Accept-Encoding');
    else ctx.res.setHeader('Vary', 'Accept-Encoding');
    await next();
    let body: unknown = ctx.body;
    if (body === null || body === undefined || ctx.res.headersSent || !ctx.writable) return;
    // Serialise once: Koa would stringify an object to measure it and again to send it.
    if (isJsonBody(body)) body = ctx.body = JSON.stringify(body);
    // An answer under the threshold goes out as it is, before any header is read or negotiated.
    // (A string of `threshold` UTF-16 units or more has at least as many UTF-8 bytes: not measured.)
    if (typeof body === 'string' ? body.length < threshold && Buffer.byteLength(body) < threshold : Buffer.isBuffer(body) && body.length < threshold) return;
    if ((ctx as { compress?: boolean }).compress === false || ctx.method === 'HEAD' || EMPTY_STATUSES.has(ctx.status) || ctx.status === 206) return;
    if (ctx.response.get('Content-Range') || ctx.response.get('Content-Encoding') || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
    if (!COMPRESSIBLE.test(ctx.response.type)) return;
    const coding = negotiateCoding(ctx.get('Accept-Encoding'));
    if (coding === 'identity') return;
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const data = typeof body === 'string' ? Buffer.from(body) : body;
      if (data.length < threshold) return;
      ctx.body = await compressBuffer(data, coding);
      ctx.set('Content-Encoding', coding);
      return;
    }
    if (body instanceof Stream) {
      const size = ctx.response.length;
      if (size !== undefined && size < threshold) return;
      ctx.set('Content-Encoding', coding);
      ctx.res.removeHeader('Content-Length');
      const compressor = coding === 'br' ? zlib.createBrotliCompress(optionsFor('br', size) as zlib.BrotliOptions) : zlib.createGzip(optionsFor('gzip', size));
      ctx.body = body.pipe(compressor);
    }
  };
}
