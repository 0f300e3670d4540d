/**
 * Streams ONE file out of a multipart/form-data request with busboy: the file's bytes
 * go straight from the socket to `handle` (and on to storage), so a 200 MB upload never sits in
 * memory. Other fields are ignored; a second file is ignored; no file in the expected field -> 400.
 * If the client goes away mid-upload, `signal` aborts and `handle`'s storage write is discarded.
 * After a refusal the rest of the request is drained and the connection is closed, so a client
 * that is still sending learns the answer instead of uploading hundreds of MB for nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { MSG, fileTooLargeMessage } from '@portal/shared';
import { ApiError, badRequest, tooLarge } from '../../http/errors';

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** 400 when the client hung up before the upload finished (nobody reads it, but it is logged as a client error). */
export class UploadAbortedError extends ApiError {
  constructor() {
    super(400, 'validation_failed', MSG.uploadAborted);
  }
}

export interface ReceiveOptions<T> {
  /** Name of the multipart field holding the file (SPEC.md 7: `file`). */
  field: string;
  maxBytes: number;
  /** Consumes the file stream (it must read or resume it) and returns the result of the upload. */
  handle(fileName: string, stream: Readable, signal: AbortSignal): Promise<T>;
}

/**
 * Receives the file of `req` and resolves with `handle`'s result once both the request and
 * `handle` are done.
 * @throws 400 not multipart / no file / aborted, 413 Content-Length beyond the limit, or what `handle` throws.
 */
export function receiveFile<T>(req: IncomingMessage, res: ServerResponse, options: ReceiveOptions<T>): Promise<T> {
  const { field, maxBytes } = options;
  const declared = Number(req.headers['content-length']);
  const refuse = (err: unknown) => {
    // Nobody will read the rest: discard it and end the connection after the answer.
    req.unpipe();
    req.resume();
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    return err;
  };
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    return Promise.reject(refuse(tooLarge(fileTooLargeMessage(maxBytes))));
  }
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(refuse(badRequest(MSG.uploadNotMultipart)));
  }

  return new Promise<T>((resolve, reject) => {
    const aborter = new AbortController();
    let work: Promise<T> | null = null;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      aborter.abort();
      // Let handle() finish discarding its storage write before answering.
      const after = work ? work.then(() => undefined, () => undefined) : Promise.resolve();
      void after.then(() => reject(refuse(err)));
    };

    const onClose = () => {
      if (!req.complete) fail(new UploadAbortedError());
    };
    req.on('close', onClose);

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Keep the name exactly as sent: unsafe names are refused with a clear 400, never rewritten.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 50 },
      });
    } catch {
      req.off('close', onClose);
      reject(refuse(badRequest(MSG.uploadNotMultipart)));
      return;
    }

    parser.on('file', (name, stream, info) => {
      if (name !== field || work) {
        stream.resume();
        return;
      }
      work = Promise.resolve().then(() => options.handle(info.filename ?? '', stream, aborter.signal));
      work.catch(fail);
    });
    parser.on('error', (err) => fail(err instanceof ApiError ? err : badRequest(`Malformed upload: ${(err as Error).message}`)));
    parser.on('close', () => {
      req.off('close', onClose);
      if (!work) {
        fail(badRequest(MSG.fileMissingUpload, { file: [MSG.fileMissingUpload] }));
        return;
      }
      work.then(
        (result) => {
          if (settled) return;
          settled = true;
          resolve(result);
        },
        fail,
      );
    });
    req.pipe(parser);
  });
}
