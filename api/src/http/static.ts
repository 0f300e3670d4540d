/**
 * Serves the built PWA (DESIGN.md 2): files from `distDir` with koa-send; `/assets/*` (hashed names)
 * `public, max-age=31536000, immutable`; index.html, sw.js and the manifest `no-cache`; any other
 * non-/api GET that is not a file gets index.html (SPA deep links like /technician), except a path
 * the build prerendered (`<path>/index.html`: a public page's heading and intro, pwa/build/
 * pageIntros.ts), which gets that file, `no-cache` too. Without a build, 503 with a hint.
 *
 * Compression: the build writes `<file>.br` and `<file>.gz` next to each compressible
 * file (pwa/scripts/precompress.mjs). koa-send picks the `.br` (else `.gz`) variant when the request
 * accepts it and sets Content-Encoding; every file answer says `Vary: Accept-Encoding`, so caches
 * keep the variants apart. The Cache-Control of a variant is the one of the original file. A variant
 * older than its original (the file was changed after the build, e.g. by a deployment step) is never
 * served: the original goes out uncompressed instead of stale bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import type { Middleware } from 'koa';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'manifest.json', 'registerSW.js']);

/** Cache-Control of a served file (a `.br`/`.gz` variant counts as its original). */
function cacheControlFor(filePath: string, distDir: string): string {
  const rel = path
    .relative(distDir, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.has(rel) || rel.endsWith('/index.html') || rel.startsWith('workbox-')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Which precompressed variants of `requested` (a URL path under `root`) may be served: only those at
 * least as new as the original file. Unknown or unsafe paths allow both (koa-send then answers 404/400).
 */
async function freshVariants(root: string, requested: string): Promise<{ brotli: boolean; gzip: boolean }> {
  const file = path.resolve(root, `.${decodeURIComponent(requested)}`);
  if (!file.startsWith(root + path.sep)) return { brotli: true, gzip: true };
  const mtime = async (f: string) => (await fs.promises.stat(f).catch(() => null))?.mtimeMs ?? null;
  const original = await mtime(file);
  if (original === null) return { brotli: true, gzip: true };
  const fresh = async (ext: string) => ((await mtime(file + ext)) ?? -1) >= original;
  return { brotli: await fresh('.br'), gzip: await fresh('.gz') };
}

/**
 * The prerendered page of `urlPath` (`/support` -> `/support/index.html`) when the build wrote one,
 * else null. Only single-segment paths of letters, digits and dashes are looked up.
 */
function prerendered(root: string, urlPath: string): string | null {
  if (!/^\/[a-z0-9-]+$/.test(urlPath)) return null;
  const page = `${urlPath}/index.html`;
  return fs.existsSync(path.join(root, page)) ? page : null;
}

/** The static + SPA fallback middleware; mount after the API router. */
export function serveSpa(distDir: string): Middleware {
  const root = path.resolve(distDir);
  const setHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
    res.setHeader('Cache-Control', cacheControlFor(filePath, root));
    res.setHeader('Vary', 'Accept-Encoding');
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet. Run `npm run build` (or `npm start`) and reload.';
      return;
    }
    const requested = ctx.path === '/' ? '/index.html' : (prerendered(root, ctx.path) ?? ctx.path);
    try {
      const variants = await freshVariants(root, requested).catch(() => ({ brotli: true, gzip: true }));
      const served = await send(ctx, requested, { root, setHeaders, hidden: false, index: 'index.html', ...variants });
      if (served) return;
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 400) throw err;
    }
    // Missing asset files are real 404s; everything else is a client-side route.
    if (ctx.path.startsWith('/assets/')) return next();
    await send(ctx, '/index.html', { root, setHeaders, ...(await freshVariants(root, '/index.html')) });
  };
}
