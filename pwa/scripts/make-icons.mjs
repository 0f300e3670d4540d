/**
 * Generates the PWA icons in pwa/public/icons (run once: `node pwa/scripts/make-icons.mjs`; the PNGs
 * are committed). Draws a white chat bubble with three dots on the brand blue, without any image
 * library: pixels are computed here and written as an RGBA PNG with node:zlib.
 * The maskable variant keeps the drawing inside the central 80% safe zone.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BLUE = [29, 78, 216];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signed distance to a rounded rectangle centred at (cx, cy). */
function roundedRect(x, y, cx, cy, w, h, r) {
  const dx = Math.abs(x - cx) - w / 2 + r;
  const dy = Math.abs(y - cy) - h / 2 + r;
  return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - r;
}

/** The drawing in unit coordinates (0..1); `scale` shrinks it around the centre. */
function icon(size, { scale, rounded }) {
  return png(size, (px, py) => {
    const u = px / size, v = py / size;
    if (rounded && roundedRect(u, v, 0.5, 0.5, 1, 1, 0.18) > 0) return [0, 0, 0, 0];
    const x = (u - 0.5) / scale + 0.5, y = (v - 0.5) / scale + 0.5;
    const bubble = roundedRect(x, y, 0.5, 0.45, 0.64, 0.44, 0.12) <= 0;
    const tail = y > 0.6 && y < 0.8 && x > 0.3 && x < 0.3 + (0.8 - y) * 0.9;
    const dot = [0.35, 0.5, 0.65].some((dx) => Math.hypot(x - dx, y - 0.45) < 0.05);
    return [...(bubble || tail ? (dot ? BLUE : WHITE) : BLUE), 255];
  });
}

mkdirSync(OUT, { recursive: true });
writeFileSync(OUT + 'icon-192.png', icon(192, { scale: 1, rounded: true }));
writeFileSync(OUT + 'icon-512.png', icon(512, { scale: 1, rounded: true }));
writeFileSync(OUT + 'icon-maskable-512.png', icon(512, { scale: 0.72, rounded: false }));
writeFileSync(OUT + 'apple-touch-icon.png', icon(180, { scale: 0.85, rounded: false }));
writeFileSync(
  OUT + 'favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1d4ed8"/>` +
    `<path d="M14 15h36a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H28l-9 9v-9h-5a6 6 0 0 1-6-6V21a6 6 0 0 1 6-6z" fill="#fff"/>` +
    `<circle cx="22" cy="29" r="3" fill="#1d4ed8"/><circle cx="32" cy="29" r="3" fill="#1d4ed8"/><circle cx="42" cy="29" r="3" fill="#1d4ed8"/></svg>\n`,
);
console.log('icons written to', OUT);
