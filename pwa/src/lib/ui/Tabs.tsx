import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its key and its visible label. */
export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/** Index a key moves to in a row of `n` tabs from `i` (WAI-ARIA tabs pattern), or null for other keys. */
export function tabTarget(key: string, i: number, n: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (i + 1) % n;
    case 'ArrowLeft':
      return (i - 1 + n) % n;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}

/**
 * A tab row with the full WAI-ARIA keyboard model (DESIGN.md 5a): `role="tablist"` with a label; each
 * tab is a button with `role="tab"`, `aria-selected`, `aria-controls` (its panel) and a roving tabindex
 * (only the selected tab is a tab stop); Left/Right move to the previous/next tab (wrapping), Home/End
 * to the first/last; moving selects (automatic activation) and focuses the tab.
 * `tabId(k)` / `panelId(k)` name the elements (several tabs may control one shared panel); styles come
 * from `className` (the list), `tabClassName` and `activeClassName` (default `tabs` / `tab` / `tab-active`).
 */
export function Tabs<K extends string>(props: {
  tabs: readonly TabItem<K>[];
  value: NoInfer<K>;
  onChange(id: NoInfer<K>): void;
  label: string;
  tabId(id: NoInfer<K>): string;
  panelId(id: NoInfer<K>): string;
  className?: string;
  tabClassName?: string;
  activeClassName?: string;
}) {
  const { tabs, value, onChange, label, tabId, panelId } = props;
  const { className = 'tabs', tabClassName = 'tab', activeClassName = 'tab-active' } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = tabTarget(e.key, i, tabs.length);
    if (next === null) return;
    e.preventDefault();
    onChange(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t, i) => {
        const selected = t.id === value;
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-selected={selected}
            aria-controls={panelId(t.id)}
            tabIndex={selected ? 0 : -1}
            className={selected ? `${tabClassName} ${activeClassName}` : tabClassName}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel a tab controls: `role="tabpanel"`, labelled by the selected tab. */
export function TabPanel(props: { id: string; labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={props.id} aria-labelledby={props.labelledBy} className={props.className}>
      {props.children}
    </div>
  );
}
