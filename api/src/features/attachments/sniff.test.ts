/**
 * sniffUpload (process.ts): a finished upload that the store reads back shorter than it is (an object
 * store right after the upload's completion; seen once with the local S3 peer) is read again before
 * its content is judged; a really empty or mismatching file is still refused with the files rule's message.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sniffUpload } from './process';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A store whose n-th read gives `answers[n]` (the last one from then on), counting the reads. */
function store(answers: Buffer[]) {
  let reads = 0;
  const uploads = {
    read: async () => Readable.from([answers[Math.min(reads++, answers.length - 1)]!]),
  };
  return { uploads: uploads as never, reads: () => reads };
}

describe('sniffUpload', () => {
  it('reads a short head again, then judges the whole one', async () => {
    const s = store([Buffer.alloc(0), PDF]);
    await expect(sniffUpload(s.uploads, 'u1', 'photo.jpg', PDF.length)).rejects.toMatchObject({
      message: 'The file content does not match its .jpg extension (it looks like a .pdf file).',
    });
    expect(s.reads()).toBe(2);
    const ok = store([Buffer.alloc(0), Buffer.alloc(0), PDF]);
    await expect(sniffUpload(ok.uploads, 'u2', 'report.pdf', PDF.length)).resolves.toBeUndefined();
    expect(ok.reads()).toBe(3);
  });

  it('reads once when the head is whole, and refuses an upload that stays empty after the re-reads', async () => {
    const whole = store([PDF]);
    await sniffUpload(whole.uploads, 'u3', 'report.pdf', PDF.length);
    expect(whole.reads()).toBe(1);
    const empty = store([Buffer.alloc(0)]);
    await expect(sniffUpload(empty.uploads, 'u4', 'report.pdf', PDF.length)).rejects.toMatchObject({ message: 'The file is empty' });
    expect(empty.reads()).toBe(4);
  });
});
