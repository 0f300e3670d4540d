/**
 * Post-build step of `npm run build -w @portal/pwa` (issue 16): writes `<file>.br` (brotli quality
 * 11) and `<file>.gz` (gzip level 9) next to every compressible file of the build output (default
 * `dist`, or the folder given as argument) that is larger than 1 KiB, keeping a variant only when it
 * is at least 10% smaller. The API serves them with the right Content-Encoding and
 * `Vary: Accept-Encoding` (api/src/http/static.ts via koa-send), so no CPU is spent compressing
 * static files per request. The service worker's precache manifest is unaffected: it lists only
 * the original files (its glob does not match .br/.gz).
 */
import { readdirSync, readFileSync, statSync, writeFileSync, unlinkSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const dist = resolve(process.argv[2] ?? 'dist');
let files = 0;
let raw = 0;
let br = 0;
for (const file of walk(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = readFileSync(file);
  for (const ext of ['.br', '.gz']) if (existsSync(file + ext)) unlinkSync(file + ext);
  if (data.length < MIN_BYTES) continue;
  const variants = {
    '.br': brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    '.gz': gzipSync(data, { level: 9 }),
  };
  for (const [ext, out] of Object.entries(variants)) {
    if (out.length <= data.length * 0.9) writeFileSync(file + ext, out);
  }
  files += 1;
  raw += data.length;
  br += variants['.br'].length;
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`);
