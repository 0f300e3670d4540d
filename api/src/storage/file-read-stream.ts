/**
 * A stored file's bytes (disk storage), or one byte range of them, as a Readable over an open
 * FileHandle.
 *
 * - Read like any stream (`for await`, `on('data')`, piped into a hash or a transform), every chunk
 *   is a new buffer of at most `chunkBytes`, as `fs.createReadStream` gives.
 * - Piped into an HTTP response (Koa answers a stream body with `stream.pipeline(body, res)`, which
 *   calls `body.pipe(res, { end: false })`), it writes from two buffers it reuses: one is read from
 *   the file while the other is being written. A buffer is read into again only after the
 *   response's write callback, i.e. once the socket handed its bytes to the kernel.
 *
 * Why: a new 1 MiB buffer per chunk is memory outside V8's heap that V8 counts against it, and
 * every few tens of MB of it start a full garbage collection of the API's whole heap. Four 100 MB
 * downloads at once caused a Mark-Compact every 30 ms (5-10 ms each on the API thread, plus
 * marking on four helper threads): 58-76% of a plain static file server. Reused: 95-258%
 * (docs/benchmarks.md "Downloads without garbage", docs/decisions.md).
 *
 * Errors: the file ending before the range does (it was truncated in place) destroys the stream
 * with an Error, so the response is cut short rather than padded or silently shorter than its
 * Content-Length. The handle is closed when the stream ends or is destroyed.
 */
import type { FileHandle } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** An inclusive byte range, as in `Content-Range`. */
interface Span {
  start: number;
  end: number;
}

/** Resolves once `res` took `chunk` (its write callback); rejects when the response closes first. */
function written(res: ServerResponse, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const closed = () => reject(new Error('The response closed before the file was sent'));
    res.once('close', closed);
    res.write(chunk, (err) => {
      res.off('close', closed);
      if (err) reject(err);
      else resolve();
    });
  });
}

/** See the module doc. `span` is the whole file or the range asked for (inclusive). */
export class FileReadStream extends Readable {
  private position: number;
  private readonly last: number;
  private pumping = false;

  constructor(
    private readonly handle: FileHandle,
    span: Span,
    private readonly chunkBytes: number,
  ) {
    super({ highWaterMark: chunkBytes });
    this.position = span.start;
    this.last = span.end;
  }

  /** Bytes of the next read: at most one chunk, never past the span. */
  private nextLength(): number {
    return Math.min(this.chunkBytes, this.last - this.position + 1);
  }

  /** Reads `length` bytes at the current position into `buffer`; throws when the file ends first. */
  private async readInto(buffer: Buffer, length: number): Promise<number> {
    const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
    if (bytesRead === 0) throw new Error(`The file ended at byte ${this.position}, before byte ${this.last} of the range`);
    this.position += bytesRead;
    return bytesRead;
  }

  override _read(): void {
    const length = this.nextLength();
    if (length <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafe(length);
    this.readInto(buffer, length).then(
      (bytesRead) => this.push(buffer.subarray(0, bytesRead)),
      (err: Error) => this.destroy(err),
    );
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Only a response's write callback promises the bytes are gone; anything else (a transform may
    // pass the very buffer on) and a stream already being read get fresh buffers.
    if (!(destination instanceof ServerResponse) || this.pumping || this.readableFlowing !== null || this.readableLength > 0) {
      return super.pipe(destination, options);
    }
    this.pumping = true;
    void this.pump(destination, options?.end !== false);
    return destination;
  }

  /** Double-buffered copy into `res`; ends the stream (and `res` when `end`) after the last byte. */
  private async pump(res: ServerResponse, end: boolean): Promise<void> {
    const size = Math.max(0, this.nextLength());
    const buffers = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)] as const;
    let inFlight: Promise<void> = Promise.resolve();
    try {
      for (let turn = 0; this.nextLength() > 0; turn ^= 1) {
        const buffer = buffers[turn];
        const bytesRead = await this.readInto(buffer, this.nextLength());
        // The other buffer's write; this one's last write was awaited in the previous turn.
        await inFlight;
        if (this.destroyed) return;
        inFlight = written(res, buffer.subarray(0, bytesRead));
        // Awaited next turn; a response closing while a file read is under way is handled there.
        inFlight.catch(() => undefined);
      }
      await inFlight;
      if (this.destroyed) return;
      if (end) res.end();
      // No data of its own: 'end' tells stream.pipeline (and anyone listening) the file was sent.
      this.push(null);
      this.resume();
    } catch (err) {
      this.destroy(err as Error);
    }
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    // FileHandle.close waits for a read still under way.
    this.handle.close().then(
      () => callback(err),
      (closeErr: unknown) => callback(err ?? (closeErr as Error)),
    );
  }
}
