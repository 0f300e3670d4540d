/**
 * The bytes of a nodemailer MIME tree (`new MailComposer(data).compile()`) built in one synchronous
 * pass, for the .eml log transport (email.ts, issue 58: "the e-mail's CPU <= the create's own").
 *
 * nodemailer's own `MimeNode.build()` streams the same tree through 6-8 stream objects per message
 * (PassThrough per part, the quoted-printable encoder, `pipeline`s with an AbortController each,
 * a setImmediate between parts): in the outbox's drain that machinery cost more CPU than building
 * the headers and encoding the text. Here the tree is walked as `MimeNode.stream()` walks it, with
 * the library's own pieces: `buildHeaders()` (every header rule: encoded words, folding, address
 * parsing, Content-Type last on the root), `getTransferEncoding()`, and the `qp` / `base64`
 * encoders' `encode` + `wrap`; then the rules of the stages after it: a final line break
 * (`LastNewline`) and `newline: 'unix'` (`LeUnix`: every CR dropped).
 *
 * Only a tree whose contents are in memory (strings and Buffers: the portal's text, HTML and
 * attachment contents) is built here; anything else (a stream, a path or URL to read, a raw part,
 * user transforms or DKIM) returns null and the caller uses nodemailer's `build()`.
 * `mime-bytes.test.ts` checks the bytes are identical to nodemailer's on the same tree.
 */
import type MimeNode from 'nodemailer/lib/mime-node';
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

/** Line length of nodemailer's content encoders. */
const LINE_LENGTH = 76;

/** What of a MimeNode this reads beyond its typed API (internal fields, checked to be empty). */
interface NodeInternals {
  _raw?: unknown;
  _transforms?: unknown[];
  _processFuncs?: unknown[];
}

/** Thrown inside the walk when a part is not in memory (module doc). */
class NotInMemory extends Error {}

/** Appends the encoded body of `node` (module doc); throws NotInMemory when it is not in memory. */
function appendContent(node: MimeNode, transferEncoding: string | false, out: Buffer[]): void {
  const content = node.content;
  if (!content) return; // '' or none: MimeNode.stream writes no body
  if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new NotInMemory();
  if (transferEncoding === 'quoted-printable') {
    // Outside text/* nodemailer's encoder keeps lone CR/LF as data (its `binary` mode): not built here.
    if (!/^text\//i.test(node.contentType ?? '')) throw new NotInMemory();
    out.push(Buffer.from(qpWrap(qpEncode(content), LINE_LENGTH), 'latin1'));
  } else if (transferEncoding === 'base64') {
    out.push(Buffer.from(base64Wrap(base64Encode(content), LINE_LENGTH), 'latin1'));
  } else {
    out.push(typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  }
}

/** Appends `node` and its children in MimeNode.stream's order; throws NotInMemory (module doc). */
function appendNode(node: MimeNode, out: Buffer[]): void {
  const internals = node as unknown as NodeInternals;
  if (internals._raw || internals._transforms?.length || internals._processFuncs?.length) throw new NotInMemory();
  const transferEncoding = node.getTransferEncoding();
  out.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`, 'utf8'));
  appendContent(node, transferEncoding, out);
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    out.push(Buffer.from(`${i > 0 ? '\r\n' : ''}--${String(node.boundary)}\r\n`, 'utf8'));
    appendNode(child, out);
  });
  out.push(Buffer.from(`\r\n--${String(node.boundary)}--\r\n`, 'utf8'));
}

/**
 * The message of `root` with LF line breaks (as nodemailer's streamTransport with `newline: 'unix'`
 * writes it), or null when a part is not in memory (module doc: use `root.build()` then).
 * Builds the root's headers (Date, Message-ID, MIME-Version) as `build()` would.
 */
export function mimeBytesUnix(root: MimeNode): Buffer | null {
  const out: Buffer[] = [];
  try {
    appendNode(root, out);
  } catch (err) {
    if (err instanceof NotInMemory) return null;
    throw err;
  }
  const message = Buffer.concat(out);
  // LastNewline: the message ends with a line break.
  const last = message.length ? message[message.length - 1] : undefined;
  const whole = last === 0x0a ? message : Buffer.concat([message, Buffer.from(last === 0x0d ? '\n' : '\r\n')]);
  // LeUnix: every CR byte dropped.
  const unix = Buffer.allocUnsafe(whole.length);
  let n = 0;
  for (let i = 0; i < whole.length; i++) if (whole[i] !== 0x0d) unix[n++] = whole[i]!;
  return unix.subarray(0, n);
}
