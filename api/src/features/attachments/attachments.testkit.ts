/**
 * tus client steps for API tests, written with plain fetch / http so each step is visible: create,
 * HEAD, PATCH a part, PATCH a part cut off mid-way; and test images made with sharp (a JPEG that
 * carries EXIF GPS tags).
 */
import http from 'node:http';
import sharp from 'sharp';

const TUS = { 'Tus-Resumable': '1.0.0' };

/** `Upload-Metadata` value: comma-separated `key base64(value)`. */
export const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST /api/uploads; returns the status, the Location and the body text. */
export async function tusCreate(base: string, size: number, fileName: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...TUS, 'Upload-Length': String(size), 'Upload-Metadata': tusMetadata({ filename: fileName, filetype: 'application/octet-stream' }), ...headers },
  });
  const location = res.headers.get('location');
  return { status: res.status, location, id: location?.split('/').pop() ?? '', text: await res.text() };
}

/** HEAD of an upload: its offset (null when gone). */
export async function tusOffset(base: string, location: string): Promise<number | null> {
  const res = await fetch(base + location, { method: 'HEAD', headers: TUS });
  return res.status === 200 ? Number(res.headers.get('upload-offset')) : null;
}

/** PATCH `part` at `offset`; returns the status, the new offset and the body text. */
export async function tusPatch(base: string, location: string, offset: number, part: Buffer) {
  const res = await fetch(base + location, {
    method: 'PATCH',
    headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(part),
  });
  return { status: res.status, offset: Number(res.headers.get('upload-offset')), text: await res.text() };
}

/**
 * PATCH that announces all of `rest` but sends only `sentBytes` of it, then drops the connection
 * (a phone losing signal). Resolves once the socket is closed.
 */
export function tusPatchCut(base: string, location: string, offset: number, rest: Buffer, sentBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(base + location, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(rest.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    // The same short pause as test/upload.ts abortedUpload: the bytes reach the server before the cut.
    req.write(rest.subarray(0, sentBytes), () => setTimeout(() => req.destroy(), 100));
  });
}

/** A whole upload in one PATCH (`headers` go with the creation, e.g. a staff token); returns the upload id. @throws when a step fails. */
export async function tusUpload(base: string, fileName: string, data: Buffer, headers: Record<string, string> = {}): Promise<string> {
  const created = await tusCreate(base, data.length, fileName, headers);
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.text}`);
  const patched = await tusPatch(base, created.location!, 0, data);
  if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${patched.text}`);
  return created.id;
}

/** A noisy photo-like JPEG of `width` x `height` carrying EXIF GPS tags (a home address, say). */
export async function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3999/100' },
    })
    .toBuffer();
}

/** A small PNG. */
export const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** CRC-32 of PNG chunks (Node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/**
 * A PNG of a few dozen bytes whose header claims `width` x `height` (an image bomb's header: the
 * decoded size is what a server must refuse before decoding).
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real 6000x6000 PNG (36 megapixels, under the anonymous cap, about 100 KB): its decode and
 * re-encode take far longer than a millisecond on any machine, so a 1 ms image time limit always stops it.
 */
export const slowPng = () => sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
