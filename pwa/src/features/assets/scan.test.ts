/**
 * Reading an asset label (issue 53 item 4): the jsqr path decodes a label's QR code (made by the
 * same `qrcode` library the API's labels.pdf uses) to its URL, and only `/a/<tag>` URLs are labels.
 */
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodePixels, tagFromLabel } from './scan';

/** RGBA pixels of `text`'s QR code, `scale` px per module, 4 modules of quiet zone. */
function qrPixels(text: string, scale = 4): { data: Uint8ClampedArray; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const size = (n + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      if (mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx)) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  return { data, size };
}

describe('asset labels', () => {
  it('decodes a label QR code without BarcodeDetector (jsqr) and reads its tag', () => {
    const { data, size } = qrPixels('https://desk.example/a/A-0042');
    const text = decodePixels(data, size, size);
    expect(text).toBe('https://desk.example/a/A-0042');
    expect(tagFromLabel(text!)).toBe('A-0042');
  });

  it('takes only /a/<tag> URLs', () => {
    expect(tagFromLabel('/a/srv_01.b')).toBe('srv_01.b');
    expect(tagFromLabel('https://desk.example/a/A-0042/')).toBe('A-0042');
    expect(tagFromLabel('https://desk.example/tickets/1')).toBeNull();
    expect(tagFromLabel('WIFI:S:guest;;')).toBeNull();
    expect(tagFromLabel('https://desk.example/a/bad tag')).toBeNull();
  });
});
