/**
 * Reading an asset label (issue 53 item 4): the QR code holds `PUBLIC_URL/a/<tag>`. The browser's
 * `BarcodeDetector` reads it where there is one (Chromium on Android, Safari); elsewhere `jsqr`, a
 * pure-JavaScript decoder (the CSP forbids WebAssembly), reads the camera frame's pixels. No React.
 */
import jsQR from 'jsqr';

/** The asset tag of a label's text (`https://desk.example/a/A-0042`, or a bare `/a/A-0042`), or null. */
export function tagFromLabel(text: string): string | null {
  let path: string;
  try {
    path = new URL(text, 'http://label.invalid').pathname;
  } catch {
    return null;
  }
  const m = /^\/a\/([A-Za-z0-9][A-Za-z0-9._-]{0,39})\/?$/.exec(decodeURIComponent(path));
  return m ? m[1]! : null;
}

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats?(): Promise<string[]> };

/** The browser's QR BarcodeDetector, or null when it has none (then {@link decodePixels} is used). */
export async function qrDetector(): Promise<Detector | null> {
  const D = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!D) return null;
  try {
    const formats = (await D.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new D({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The text of a QR code in `pixels` (RGBA), or null (jsqr). */
export function decodePixels(pixels: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * Reads one frame of `video`: BarcodeDetector when given, else jsqr on the frame drawn into `canvas`
 * (at most 640 px wide). @returns the QR code's text or null.
 */
export async function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, detector: Detector | null): Promise<string | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  if (detector) {
    const codes = await detector.detect(video).catch(() => []);
    if (codes.length > 0) return codes[0]!.rawValue;
  }
  const scale = Math.min(1, 640 / video.videoWidth);
  const w = Math.round(video.videoWidth * scale);
  const h = Math.round(video.videoHeight * scale);
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, w, h);
  return decodePixels(ctx.getImageData(0, 0, w, h).data, w, h);
}
