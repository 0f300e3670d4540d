import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { contrastOutline, moonOutline, sunnyOutline } from 'ionicons/icons';
import { Icon } from '../lib/ui/Icon';
import { THEME_LABELS, THEME_MODES, useThemeMode, type ThemeMode } from './theme';

const ICONS: Record<ThemeMode, string> = { light: sunnyOutline, dark: moonOutline, system: contrastOutline };

/**
 * Theme picker for the top bar (SPEC.md 1): a compact icon button named 'Theme: {mode}' that opens
 * a small radio group Light / Dark / System. The popup is portalled to <body> because the
 * toolbar clips its content; Escape, an outside click or a choice closes it.
 */
export function ThemeSwitcher() {
  const [mode, setMode] = useThemeMode();
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState({ top: 0, right: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const popupId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!popupRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    popupRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    const r = buttonRef.current?.getBoundingClientRect();
    if (r) setPos({ top: r.bottom + 6, right: Math.max(8, window.innerWidth - r.right) });
    setOpen((o) => !o);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={`Theme: ${THEME_LABELS[mode]}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={toggle}
      >
        <Icon icon={ICONS[mode]} />
      </button>
      {open &&
        createPortal(
          <div ref={popupRef} id={popupId} className="theme-popup" role="radiogroup" aria-label="Theme" style={pos}>
            {THEME_MODES.map((m) => (
              <label key={m} className="theme-option">
                <input
                  type="radio"
                  name="theme-mode"
                  value={m}
                  checked={mode === m}
                  onChange={() => setMode(m)}
                  onClick={() => setOpen(false)}
                />
                <Icon icon={ICONS[m]} />
                <span>{THEME_LABELS[m]}</span>
              </label>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
