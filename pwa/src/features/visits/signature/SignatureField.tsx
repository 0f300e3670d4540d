import { useEffect, useRef, useState, type RefObject } from 'react';
import { VISIT_TEXT } from '../texts';
import { attachSignaturePad, type SignatureController } from './signaturePad';

/**
 * The signature pad of the close-out (signaturePad.ts): a white signing surface the width of the
 * screen, drawn on with a finger, pen or mouse, and 'Clear signature' (44 px). The parent reads the
 * image through `controller` and hears `onChange(dataUrl)` after each stroke ('' when cleared);
 * `initial` (a restored draft's drawing) is drawn once when it arrives.
 */
export function SignatureField(props: { controller: RefObject<SignatureController | null>; initial: string; onChange(dataUrl: string): void }) {
  const { controller, initial, onChange } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [empty, setEmpty] = useState(true);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (!canvas.current) return;
    const pad = attachSignaturePad(canvas.current, (isEmpty) => {
      setEmpty(isEmpty);
      latest.current(isEmpty ? '' : pad.toDataUrl());
    });
    controller.current = pad;
    return () => {
      pad.destroy();
      controller.current = null;
    };
  }, [controller]);

  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !initial || !controller.current?.isEmpty()) return;
    restored.current = true;
    void controller.current.restore(initial);
  }, [initial, controller]);

  return (
    <div className="signature-field">
      <canvas ref={canvas} className="signature-canvas" aria-label={VISIT_TEXT.signaturePad} role="img" data-testid="signature-pad" />
      <div className="signature-actions">
        <span className="muted">{empty ? VISIT_TEXT.signHere : VISIT_TEXT.signed}</span>
        <button type="button" className="btn btn-outline" disabled={empty} onClick={() => controller.current?.clear()}>
          {VISIT_TEXT.clearSignature}
        </button>
      </div>
    </div>
  );
}
