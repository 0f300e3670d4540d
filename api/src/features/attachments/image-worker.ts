/**
 * An image process (imagePool.ts starts it with `child_process.fork`): it re-encodes one image at a
 * time (imageEncode.ts) for its parent. A process rather than a worker thread, because killing it
 * is the only way to stop a decode at its deadline: sharp decodes on libuv's thread pool, and a
 * worker thread's `terminate()` waits for that native work to finish (measured: a rotated 9999x9999
 * PNG went on for 0.9 s after terminate; issue 55 defect 5).
 *
 * libvips uses one thread per image here (`sharp.concurrency(1)`), so one image process costs at
 * most about one core. The process exits when its parent goes away (the IPC channel closes).
 *
 * Messages: in `{ id, bytes, maxPixels, mode? }`; out `{ id, result }` with imageEncode's answer.
 */
import sharp from 'sharp';
import { encodeImage, type EncodeMode } from './imageEncode';

/** A job from the parent. */
export interface ImageJobMessage {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
  /** imageEncode's mode (default 'attachment'). */
  mode?: EncodeMode;
}

sharp.concurrency(1);
sharp.cache(false);

process.on('disconnect', () => process.exit(0));
process.on('message', (message: ImageJobMessage) => {
  void encodeImage(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength), message.maxPixels, message.mode).then((result) =>
    process.send?.({ id: message.id, result }),
  );
});
process.send?.({ ready: true });
