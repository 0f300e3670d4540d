import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './useModal';
import './ui.css';

/**
 * A small confirmation dialog for destructive actions (DESIGN.md 5a "Destructive actions ask for
 * confirmation"): `role="alertdialog"`, title and description, 'Cancel' (focused first, so Enter
 * never destroys by accident) and a destructive confirm button that shows `pendingLabel` while
 * `pending`. Escape or the backdrop cancels; `useModal` makes the page behind inert and returns focus
 * to the opener.
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
  const ref = useModal({ open, onClose: onCancel, initialFocus: cancelRef });

  if (!open) return null;
  return createPortal(
    <div className="dialog-backdrop" data-modal-root="" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div ref={ref} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descId}>
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
