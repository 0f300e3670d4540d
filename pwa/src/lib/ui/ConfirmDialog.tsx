import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './ui.css';

/** Elements made inert while the dialog is open (the page and the phone menu; toasts stay usable). */
const BACKGROUND_SELECTORS = ['#main', 'ion-menu'];

/**
 * A small confirmation dialog for destructive actions (DESIGN.md 5a "Destructive actions ask for
 * confirmation"): `role="alertdialog"`, title and description, 'Cancel' (focused first, so Enter
 * never destroys by accident) and a destructive confirm button that shows `pendingLabel` while
 * `pending`. Escape or the backdrop cancels; the page behind is inert while it is open.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { open, title, description, confirmLabel, pendingLabel, pending, onConfirm, onCancel } = props;
  const titleId = useId();
  const descId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  }, [onCancel]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const background = BACKGROUND_SELECTORS.flatMap((s) => Array.from(document.querySelectorAll<HTMLElement>(s)));
    background.forEach((el) => el.setAttribute('inert', ''));
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancelRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      background.forEach((el) => el.removeAttribute('inert'));
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descId}>
        <h2 id={titleId}>{title}</h2>
        <p id={descId}>{description}</p>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
