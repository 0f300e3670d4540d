import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { chevronDownOutline } from 'ionicons/icons';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../lib/ui/Icon';
import { isEndLink, type NavLinkItem } from './nav';

/**
 * The desktop header's 'Admin' menu (the bar fits one row from 992 px): a button that
 * opens the admin pages (Users, Content, File Manager, SMS Settings) as a menu. The button is
 * highlighted while one of them is open. Menu-button pattern: ArrowDown/Enter opens and focuses
 * the first item, arrows move, Escape closes and returns focus, Tab or an outside click closes,
 * choosing an item closes. Portalled to <body> because the toolbar clips its content (as the
 * theme switcher does).
 */
export function AdminMenu({ links }: { links: readonly NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const active = links.some((l) => pathname === l.to || (!isEndLink(l.to) && pathname.startsWith(`${l.to}/`)));

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const show = () => {
    const r = buttonRef.current?.getBoundingClientRect();
    if (r) setPos({ top: r.bottom + 4, left: r.left });
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      show();
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  if (links.length === 0) return null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-menu-button${active ? ' active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onButtonKey}
      >
        Admin
        <Icon icon={chevronDownOutline} />
      </button>
      {open &&
        createPortal(
          <div ref={menuRef} id={menuId} className="nav-popup" role="menu" aria-label="Admin" style={pos} onKeyDown={onMenuKey}>
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={isEndLink(l.to)}
                role="menuitem"
                tabIndex={-1}
                className="nav-popup-item"
                onClick={() => close(false)}
              >
                {l.label}
              </NavLink>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
