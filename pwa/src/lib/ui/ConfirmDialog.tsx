import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Elements made inert while the dialog is open (as lib/ui/Sheet does). */
const BACKGROUND_SELECTORS = ['#main', 'ion-menu'];

/**
 * Confirmation before a destructive action (DESIGN.md 5a: "Destructive actions ask for
 * confirmation"): a small centred `alertdialog` with a title, a message, the destructive button
 * (`confirmLabel`, `pendingLabel` while `pending`) and Cancel. Cancel has the focus when it opens,
 * so Enter never destroys by accident; Escape, Cancel or a click on the backdrop call `onCancel`.
 * The page behind is inert; focus returns where it was on close.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { open, title, children, confirmLabel, pendingLabel, pending = false, onConfirm, onCancel } = props;
  const titleId = useId();
  const bodyId = useId();
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
    <div
      className="confirm-backdrop"
      onPointerDown={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div className="confirm-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId} className="confirm-title">
          {title}
        </h2>
        <div id={bodyId} className="confirm-body">
          {children}
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
