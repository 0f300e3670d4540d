/**
 * Upload helpers for API tests: a multipart/form-data body written by hand over a raw HTTP request,
 * so a test controls exactly what is sent (a name as given, chunked or with Content-Length, a body
 * cut off in the middle).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read untyped JSON
  body: any;
}

/** The multipart framing around one file in field `field`. */
export function multipartParts(fileName: string, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const escaped = fileName.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${escaped}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { boundary, head, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

function collect(res: http.IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      if ((res.headers['content-type'] ?? '').includes('application/json') && text) body = JSON.parse(text);
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
    });
  });
}

export interface UploadOptions {
  token?: string;
  field?: string;
  /** Send Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
  /** Override the Content-Length header (e.g. to announce more than the limit). */
  contentLength?: number;
}

/** Uploads `data` as `fileName` to POST /api/admin/files/upload and resolves with the answer. */
export function uploadFile(baseUrl: string, fileName: string, data: Buffer, options: UploadOptions = {}): Promise<RawResponse> {
  const parts = multipartParts(fileName, options.field);
  const length = parts.head.length + data.length + parts.tail.length;
  const headers: Record<string, string> = { 'content-type': parts.contentType };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (!options.chunked) headers['content-length'] = String(options.contentLength ?? length);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/admin/files/upload`, { method: 'POST', headers }, (res) => collect(res).then(resolve, reject));
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    req.write(parts.head);
    for (let i = 0; i < data.length; i += 64 * 1024) req.write(data.subarray(i, i + 64 * 1024));
    req.end(parts.tail);
  });
}

/**
 * Starts an upload of `total` bytes, sends only `sent` of them, then cuts the connection, like a
 * phone losing signal mid-upload. Resolves once the socket is closed.
 */
export function abortedUpload(baseUrl: string, fileName: string, firstBytes: Buffer, total: number, token: string): Promise<void> {
  const parts = multipartParts(fileName);
  const length = parts.head.length + total + parts.tail.length;
  return new Promise((resolve) => {
    const req = http.request(`${baseUrl}/api/admin/files/upload`, {
      method: 'POST',
      headers: { 'content-type': parts.contentType, 'content-length': String(length), authorization: `Bearer ${token}` },
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.write(parts.head);
    req.write(firstBytes, () => setTimeout(() => req.destroy(), 100));
  });
}

/** Polls `check` until it returns true or `timeoutMs` passes (eventual cleanup on the server side). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Bytes that `file-type` identifies as a Windows executable (MZ header + PE signature), padded to `size`. */
export function fakeExe(size = 4096): Buffer {
  const b = Buffer.alloc(size, 0x41);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/** A tiny valid PNG signature + IHDR start (enough for `file-type`). */
export function fakePng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(64)]);
}

/** Minimal PDF bytes. */
export function fakePdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}
