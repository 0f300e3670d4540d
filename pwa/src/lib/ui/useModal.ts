import { useEffect, useRef, type RefObject } from 'react';

/** The first enabled, shown input / select / textarea inside `root` (not checkboxes, radios or files). */
function firstField(root: HTMLElement): HTMLElement | null {
  const fields = root.querySelectorAll<HTMLElement>(
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
  );
  for (const f of fields) if (!f.closest('[hidden], [inert]')) return f;
  return null;
}

/** Elements made inert while a modal is open (the page and the phone menu; toasts stay usable). */
const BACKGROUND_SELECTORS = ['#main', 'ion-menu', '[data-modal-root]'];

/**
 * The behaviour every modal shares (DESIGN.md 5a, WAI-ARIA dialog pattern), for `Sheet` and
 * `ConfirmDialog` and any new dialog:
 * - while `open`, the page behind (`#main`, `ion-menu` and any other open modal's root, marked with
 *   `data-modal-root`) is `inert`; only what this modal made inert is released on close, so a dialog
 *   opened over a sheet leaves the sheet's background inert;
 * - Escape calls `onClose` (only the top modal answers: one inside an inert tree ignores it);
 * - focus moves into the modal on open (to `initialFocus`, else its first enabled form field, else the
 *   container: a dialog with a form is typed into at once) and back to the element that had it (the
 *   opener) on close.
 * Returns the ref for the modal's root element (give that element `data-modal-root` and, when it is the
 * focus target, `tabIndex={-1}`).
 */
export function useModal<T extends HTMLElement = HTMLDivElement>(options: {
  open: boolean;
  onClose(): void;
  initialFocus?: RefObject<HTMLElement | null>;
}): RefObject<T | null> {
  const { open, onClose, initialFocus } = options;
  const ref = useRef<T>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const root = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const background = BACKGROUND_SELECTORS.flatMap((s) => Array.from(document.querySelectorAll<HTMLElement>(s))).filter(
      (el) => !el.hasAttribute('inert') && !(root && (el === root || el.contains(root) || root.contains(el))),
    );
    background.forEach((el) => el.setAttribute('inert', ''));
    (initialFocus?.current ?? (root && firstField(root)) ?? root)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || root?.closest('[inert]')) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      background.forEach((el) => el.removeAttribute('inert'));
      opener?.focus();
    };
    // initialFocus is a ref: read once when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return ref;
}
