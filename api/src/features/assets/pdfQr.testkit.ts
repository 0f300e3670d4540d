/**
 * Reads the QR codes back out of a label sheet PDF (tests of issue 53 item 3 and its browser test):
 * finds every colour image XObject, inflates its pixels (pdfkit stores PNGs with alpha as deflated
 * raw samples), and decodes each with jsqr.
 * Handles what pdfkit writes, not every PDF.
 */
import zlib from 'node:zlib';
import jsQR from 'jsqr';

interface PdfImage {
  width: number;
  height: number;
  colors: number;
  predictor: boolean;
  data: Buffer;
}

/** The colour (RGB or gray without being another image's soft mask) images of `pdf`, in file order. */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const text = pdf.toString('latin1');
  const masks = new Set([...text.matchAll(/\/SMask (\d+) 0 R/g)].map((m) => m[1]));
  const out: PdfImage[] = [];
  for (const m of text.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const dict = m[2]!;
    if (!dict.includes('/Subtype /Image') || masks.has(m[1]!)) continue;
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const start = m.index + m[0].length;
    out.push({
      width: Number(/\/Width (\d+)/.exec(dict)![1]),
      height: Number(/\/Height (\d+)/.exec(dict)![1]),
      colors: dict.includes('/DeviceRGB') ? 3 : 1,
      predictor: /\/Predictor 1\d/.test(dict),
      data: zlib.inflateSync(pdf.subarray(start, start + length)),
    });
  }
  return out;
}

/** RGBA pixels of an image (raw samples; pdfkit writes PNG predictors only for PNGs without alpha, which qrcode never makes). */
function rgba(img: PdfImage): Uint8ClampedArray {
  if (img.predictor) throw new Error('PNG predictors are not read here: embed PNGs with alpha (qrcode does)');
  const out = new Uint8ClampedArray(img.width * img.height * 4);
  for (let p = 0; p < img.width * img.height; p++) {
    for (let c = 0; c < 3; c++) out[p * 4 + c] = img.data[p * img.colors + (img.colors === 3 ? c : 0)]!;
    out[p * 4 + 3] = 255;
  }
  return out;
}

/** The text of every QR code image in `pdf` (null for an image that is no readable QR code). */
export function decodePdfQrCodes(pdf: Buffer): (string | null)[] {
  return pdfImages(pdf).map((img) => jsQR(rgba(img), img.width, img.height)?.data ?? null);
}
