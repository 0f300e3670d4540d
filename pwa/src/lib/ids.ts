/**
 * A random RFC 4122 version-4 UUID for `Idempotency-Key` headers (DESIGN.md 4).
 * `crypto.randomUUID` exists only in secure contexts (https, localhost); a LAN deployment over plain
 * http still has `crypto.getRandomValues`, so the UUID is built from that when needed.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
