/**
 * The checks an upload's bytes pass on their way to storage: a running size count
 * against UPLOAD_MAX_MB (413 as soon as one byte too many arrives, whatever Content-Length said),
 * and content sniffing with `file-type`: the first bytes must match the name's extension. A file
 * that `file-type` identifies as something else is refused (a `.pdf` that is really an `.exe`);
 * formats it cannot identify (scripts, some disk images) are accepted when nothing contradicts
 * them; text formats are checked only for NUL bytes (binary data), never by a sniffed signature.
 */
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension, fileTooLargeMessage, fileTypeOf } from '@portal/shared';
import { ApiError, badRequest, tooLarge } from '../../http/errors';

/** Bytes looked at to identify a file (ISO 9660 needs 32 KiB + 6). */
export const SNIFF_BYTES = 64 * 1024;

/** Archives that are ZIP files inside (file-type names the more specific ones). */
const ZIP_FAMILY = ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'jar', 'apk', 'epub', 'xpi', '3mf', 'vsdx'];
/** `null` = file-type finds nothing it knows, which is expected for this format. */
type Detected = string | null;
const TEXT: Detected[] = [null];
const XML_TEXT: Detected[] = [null, 'xml'];

/** What `file-type` may say about each allowed extension (shared/src/rules/files.ts FILE_TYPES). */
const EXPECTED: Readonly<Record<string, readonly Detected[]>> = {
  exe: ['exe'],
  msi: ['cfb', 'msi'],
  msix: ZIP_FAMILY,
  appx: ZIP_FAMILY,
  dmg: [null, 'dmg', 'bz2', 'gz', 'zlib'],
  pkg: [null, 'xar'],
  deb: ['deb', 'ar'],
  rpm: ['rpm'],
  appimage: ['elf'],
  apk: ZIP_FAMILY,
  zip: ZIP_FAMILY,
  '7z': ['7z'],
  gz: ['gz'],
  tgz: ['gz'],
  tar: ['tar'],
  rar: ['rar'],
  iso: ['iso'],
  pdf: ['pdf', 'ai'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ZIP_FAMILY,
  xlsx: ZIP_FAMILY,
  pptx: ZIP_FAMILY,
  odt: ZIP_FAMILY,
  ods: ZIP_FAMILY,
  rtf: ['rtf'],
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ['mp4', 'm4v', 'mov'],
  html: XML_TEXT,
  htm: XML_TEXT,
  svg: XML_TEXT,
  xml: XML_TEXT,
  txt: TEXT,
  md: TEXT,
  csv: TEXT,
  log: TEXT,
  json: TEXT,
  ini: TEXT,
  conf: TEXT,
  cfg: TEXT,
  yaml: TEXT,
  yml: TEXT,
  ps1: TEXT,
  sh: TEXT,
  bat: TEXT,
  cmd: TEXT,
};

/** 400: the bytes are not what the extension says. */
export function typeMismatch(name: string, detail: string): ApiError {
  const message = `The file content does not match its .${fileExtension(name)} extension (${detail}).`;
  return badRequest(message, { file: [message] });
}

/** UTF-16 text starts with a byte order mark and is full of NUL bytes by nature. */
const isUtf16 = (head: Buffer) => head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));

/**
 * Checks the first bytes of a file called `name` (whose extension is already allowed).
 * @throws 400 typeMismatch when they contradict the extension, 400 when the file is empty.
 */
export async function checkContent(name: string, head: Buffer): Promise<void> {
  if (head.length === 0) throw badRequest('The file is empty', { file: ['The file is empty'] });
  const ext = fileExtension(name);
  const text = fileTypeOf(name)?.text === true;
  // Text formats are checked for binary data (NUL) only, never by a sniffed signature: file-type
  // reads `FF FE` (UTF-16's byte order mark) as MPEG audio and a run of `G` (0x47, the MPEG-TS sync
  // byte every 188 bytes) as an .mts video. UTF-16 text is what its byte order mark says.
  if (text) {
    if (!isUtf16(head) && head.includes(0)) throw typeMismatch(name, 'it contains binary data');
    return;
  }
  const expected = EXPECTED[ext] ?? [];
  const found = await fileTypeFromBuffer(head);
  const detected = found?.ext ?? null;
  if (!expected.includes(detected)) {
    throw typeMismatch(name, detected ? `it looks like a .${detected} file` : 'its content is not recognised as that type');
  }
}

/**
 * Pass-through stream between the multipart parser and storage: counts bytes (413 beyond
 * `maxBytes`), holds back the first {@link SNIFF_BYTES} until {@link checkContent} accepted them,
 * then streams everything on. An error here makes storage discard the upload.
 */
export class UploadInspector extends Transform {
  /** Bytes seen so far. */
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(
    private readonly name: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  /** SHA-256 of every byte that came through (downloads show it: docs/api.md "GET /api/downloads/checksums"). */
  private readonly hash = createHash('sha256');

  /** Hex SHA-256 of the whole upload; read after the stream ended. */
  sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.bytes > this.maxBytes) {
      callback(tooLarge(fileTooLargeMessage(this.maxBytes)));
      return;
    }
    if (this.checked) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) callback();
    else this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) callback();
    else this.release(callback);
  }

  /** Checks the held-back head and lets it through. */
  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    this.checked = true;
    checkContent(this.name, head).then(
      () => callback(null, head),
      (err: unknown) => callback(err as Error),
    );
  }
}
