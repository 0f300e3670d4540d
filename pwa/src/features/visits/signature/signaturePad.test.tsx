/**
 * The signature pad wrapper (signaturePad.ts, SignatureField.tsx) over a stand-in `signature_pad`
 * (jsdom has no canvas drawing): a stroke reports "not empty" with the drawing, the PNG is a real
 * Blob decoded from the pad's data URL, Clear empties it, a resize keeps the strokes, and the
 * field's 'Clear signature' is enabled only once something is drawn.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';

const PNG_URL = 'data:image/png;base64,iVBORw0KGgo=';
const pads: FakePad[] = [];
class FakePad {
  empty = true;
  strokes: unknown[] = [];
  listeners = new Map<string, () => void>();
  restoredFrom: unknown[] | null = null;
  constructor(public canvas: HTMLCanvasElement, public options: Record<string, unknown>) {
    pads.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, fn);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  isEmpty = () => this.empty;
  clear = () => {
    this.empty = true;
    this.strokes = [];
  };
  toDataURL = () => PNG_URL;
  toData = () => this.strokes;
  fromData = (d: unknown[]) => {
    this.restoredFrom = d;
    this.strokes = d;
  };
  fromDataURL = vi.fn(async () => {
    this.empty = false;
  });
  off = vi.fn();
  /** What a finger stroke does in the real library. */
  stroke() {
    this.empty = false;
    this.strokes.push({ points: [1] });
    this.listeners.get('endStroke')?.();
  }
}
vi.mock('signature_pad', () => ({ default: FakePad }));

const { attachSignaturePad, dataUrlToBlob, SIGNATURE_INK, SIGNATURE_PAPER } = await import('./signaturePad');
const { SignatureField } = await import('./SignatureField');

afterEach(() => {
  cleanup();
  pads.length = 0;
});

describe('signature pad wrapper', () => {
  it('reports strokes and clears, gives the PNG as a Blob, and keeps strokes on a resize', async () => {
    const canvas = document.createElement('canvas');
    const changes: boolean[] = [];
    const pad = attachSignaturePad(canvas, (empty) => changes.push(empty));
    const fake = pads[0]!;
    expect(fake.options).toMatchObject({ penColor: SIGNATURE_INK, backgroundColor: SIGNATURE_PAPER });
    expect(pad.toPng()).toBeNull();
    expect(pad.toDataUrl()).toBe('');

    fake.stroke();
    expect(changes).toEqual([false]);
    const png = pad.toPng()!;
    expect(png.type).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer())].slice(0, 4)).toEqual([137, 80, 78, 71]);

    Object.defineProperty(canvas, 'offsetWidth', { value: 320, configurable: true });
    Object.defineProperty(canvas, 'offsetHeight', { value: 200, configurable: true });
    pad.resize();
    expect([canvas.width, canvas.height]).toEqual([320, 200]);
    expect(fake.restoredFrom).toHaveLength(1);

    pad.clear();
    expect(changes).toEqual([false, true]);
    expect(pad.isEmpty()).toBe(true);
    pad.destroy();
    expect(fake.off).toHaveBeenCalled();
  });

  it('decodes data URLs', async () => {
    const blob = dataUrlToBlob('data:text/plain;base64,aGk=');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('hi');
  });

  it('SignatureField: Clear signature works once something is drawn; a restored drawing is drawn once', async () => {
    const controller = createRef<import('./signaturePad').SignatureController | null>() as { current: import('./signaturePad').SignatureController | null };
    const seen: string[] = [];
    const view = render(<SignatureField controller={controller} initial="" onChange={(u) => seen.push(u)} />);
    const clear = screen.getByRole('button', { name: 'Clear signature' });
    expect(screen.getByRole('img', { name: 'Signature pad' })).toBeTruthy();
    expect((clear as HTMLButtonElement).disabled).toBe(true);
    act(() => pads[0]!.stroke());
    expect(seen).toEqual([PNG_URL]);
    expect((clear as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(clear);
    expect(seen).toEqual([PNG_URL, '']);
    view.unmount();

    pads.length = 0;
    await act(async () => {
      render(<SignatureField controller={controller} initial={PNG_URL} onChange={() => undefined} />);
    });
    expect(pads[0]!.fromDataURL).toHaveBeenCalledTimes(1);
  });
});
