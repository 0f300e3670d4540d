/**
 * The customer's signature (issue 54 item 1): a thin wrapper over `signature_pad` (smooth, pressure-
 * like strokes from mouse, pen or finger through Pointer Events) that the close-out screen uses.
 * - The canvas is sized to its CSS box times the device pixel ratio, again after a rotation or a
 *   resize and when it is shown (a ResizeObserver: the phone's signature step was hidden), keeping
 *   what was drawn (portrait and landscape), a restored draft's image included.
 * - Black ink on white, in both themes: the image goes into a PDF report on paper.
 * - `toPng()` gives the PNG as a Blob (null while nothing is drawn), queued as an upload like a photo.
 * - `onChange(empty)` after every stroke and clear; `toDataUrl`/`restore` carry a drawn signature
 *   through the form's draft.
 */
import SignaturePad from 'signature_pad';

export const SIGNATURE_INK = 'rgb(17, 24, 39)';
export const SIGNATURE_PAPER = 'rgb(255, 255, 255)';

export interface SignatureController {
  isEmpty(): boolean;
  clear(): void;
  /** The drawing as a PNG, or null when empty. */
  toPng(): Blob | null;
  /** The drawing as a PNG data URL ('' when empty). */
  toDataUrl(): string;
  /** Draws a data URL made by {@link toDataUrl} (a restored draft). */
  restore(dataUrl: string): Promise<void>;
  /** Fits the canvas to its box again (rotation, resize), keeping the strokes. */
  resize(): void;
  destroy(): void;
}

/** Decodes a base64 `data:` URL into a Blob of its type. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function attachSignaturePad(canvas: HTMLCanvasElement, onChange: (empty: boolean) => void): SignatureController {
  const pad = new SignaturePad(canvas, { penColor: SIGNATURE_INK, backgroundColor: SIGNATURE_PAPER, minWidth: 1, maxWidth: 3 });
  const changed = () => onChange(pad.isEmpty());
  pad.addEventListener('endStroke', changed);

  // A restored draft's drawing is an image, not strokes: kept to draw again after a resize.
  let restoredImage = '';
  const resize = () => {
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = Math.round(canvas.offsetWidth * ratio);
    const height = Math.round(canvas.offsetHeight * ratio);
    if (!width || !height || (canvas.width === width && canvas.height === height)) return;
    const strokes = pad.toData();
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear(); // paints the paper colour on the new size
    if (strokes.length) pad.fromData(strokes);
    else if (restoredImage) void pad.fromDataURL(restoredImage, { ratio, width: width / ratio, height: height / ratio });
  };
  resize();
  window.addEventListener('resize', resize);
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => resize());
  observer?.observe(canvas);

  return {
    isEmpty: () => pad.isEmpty(),
    clear() {
      restoredImage = '';
      pad.clear();
      changed();
    },
    toPng: () => (pad.isEmpty() ? null : dataUrlToBlob(pad.toDataURL('image/png'))),
    toDataUrl: () => (pad.isEmpty() ? '' : pad.toDataURL('image/png')),
    async restore(dataUrl) {
      if (!dataUrl) return;
      restoredImage = dataUrl;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      await pad.fromDataURL(dataUrl, { ratio, width: canvas.width / ratio, height: canvas.height / ratio });
      changed();
    },
    resize,
    destroy() {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      pad.removeEventListener('endStroke', changed);
      pad.off();
    },
  };
}
