import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DURATION_MS } from '@portal/shared';

/**
 * The toast area (SPEC.md 2 / 9): one notification visible at a time (a new toast replaces the
 * current one), shown for TOAST_DURATION_MS, dismissable with the close button or a swipe to the
 * right of at least 50 px, and F8 moves focus to the notification area. Texts are plain DOM text in
 * a live region, so screen readers announce them and tests find them by text.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Optional action button (e.g. "Reload" for an app update). */
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it hides; defaults to TOAST_DURATION_MS; Infinity keeps it until closed. */
  duration?: number;
}

interface ActiveToast extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Shows a toast, replacing any visible one. */
  show(options: ToastOptions): void;
  /** Hides the visible toast. */
  dismiss(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Swipe distance in px that dismisses a toast (SPEC.md 9). */
export const SWIPE_THRESHOLD_PX = 50;

/** sessionStorage key of the toast kept for the next page load ({@link keepToastForNextLoad}). */
const NEXT_LOAD_KEY = 'portal-toast-next-load';

/**
 * Keeps `options` (title, description, variant) to be shown once by the next page load of this tab:
 * for what must outlive the reload after a sign-in (SPEC.md 4: 500 ms later), such as the recovery
 * codes left after a recovery-code sign-in.
 */
export function keepToastForNextLoad(options: Pick<ToastOptions, 'title' | 'description' | 'variant'>): void {
  try {
    sessionStorage.setItem(NEXT_LOAD_KEY, JSON.stringify(options));
  } catch {
    // Storage refused (private mode quota): the toast shown now is all there is.
  }
}

/** The kept toast of {@link keepToastForNextLoad}, removed as it is read. */
function takeKeptToast(): ToastOptions | null {
  try {
    const raw = sessionStorage.getItem(NEXT_LOAD_KEY);
    sessionStorage.removeItem(NEXT_LOAD_KEY);
    return raw ? (JSON.parse(raw) as ToastOptions) : null;
  } catch {
    return null;
  }
}

/** Provides {@link useToast} and renders the single toast area (first the one kept for this load, if any). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(() => {
    const kept = typeof window === 'undefined' ? null : takeKeptToast();
    return kept ? { ...kept, duration: Infinity, id: 0 } : null;
  });
  const nextId = useRef(1);

  const show = useCallback((options: ToastOptions) => {
    setToast({ ...options, id: nextId.current++ });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  useEffect(() => {
    const duration = toast?.duration ?? TOAST_DURATION_MS;
    if (!toast || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), duration);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** The toast API; throws when used outside {@link ToastProvider}. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}

function ToastViewport({ toast, onDismiss }: { toast: ActiveToast | null; onDismiss: () => void }) {
  const regionRef = useRef<HTMLElement>(null);
  const [dx, setDx] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDx(0), [toast?.id]);

  const end = () => {
    if (startX.current !== null && dx >= SWIPE_THRESHOLD_PX) onDismiss();
    startX.current = null;
    setDx(0);
  };

  const destructive = toast?.variant === 'destructive';
  // Portalled to <body>: above sheets and outside ion-app's stacking context.
  return createPortal(
    <section ref={regionRef} className="toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
      <div aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true">
        {toast && (
          <div
            key={toast.id}
            role="status"
            className={`toast${destructive ? ' toast-destructive' : ''}`}
            style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.3, 1 - dx / 200) } : undefined}
            onPointerDown={(e) => {
              startX.current = e.clientX;
            }}
            onPointerMove={(e) => {
              if (startX.current !== null) setDx(Math.max(0, e.clientX - startX.current));
            }}
            onPointerUp={end}
            onPointerCancel={end}
          >
            <div className="toast-text">
              <div className="toast-title">{toast.title}</div>
              {toast.description && <div className="toast-description">{toast.description}</div>}
            </div>
            {toast.action && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  toast.action?.onClick();
                  onDismiss();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className="toast-close" aria-label="Close notification" onClick={onDismiss}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </section>,
    document.body,
  );
}
