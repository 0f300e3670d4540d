import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The status link's actions in one small menu button ('Status link actions'; issue 56 item 12: they
 * were two full-width buttons above Status): 'Resend status link' and the destructive 'Revoke status
 * link...' (which asks first, StatusLinkTools). A menu button with `aria-haspopup="menu"`; the menu
 * takes focus on its first item, Up/Down move, Escape or a click elsewhere closes it.
 */
export function StatusLinkMenu(props: { disabled: boolean; onResend(): void; onRevoke(): void }) {
  const { disabled, onResend, onRevoke } = props;
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const pick = (action: () => void) => {
    setOpen(false);
    action();
  };
  const keys = (e: KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };
  return (
    <div className="status-link-menu">
      <button ref={button} type="button" className="btn btn-outline btn-small" aria-haspopup="menu" aria-expanded={open} disabled={disabled} onClick={() => setOpen(!open)}>
        Status link actions
      </button>
      {open && (
        <ul ref={menu} role="menu" aria-label="Status link actions" className="status-link-menu-list" onKeyDown={keys}>
          <li role="none">
            <button type="button" role="menuitem" className="status-link-menu-item" onClick={() => pick(onResend)}>
              Resend status link
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className="status-link-menu-item status-link-menu-danger" onClick={() => pick(onRevoke)}>
              Revoke status link...
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
