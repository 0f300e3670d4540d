import { useRef, type KeyboardEvent } from 'react';

/** The tabs of SPEC.md 2 in order: id and label. */
export const DASHBOARD_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'technicians', label: 'Technician Performance' },
  { id: 'detailed', label: 'Detailed Ratings' },
  { id: 'responses', label: 'Recent Responses' },
] as const;
/** Id of a dashboard tab. */
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

/** Id of a tab's panel (the panel is labelled by its tab). */
export const panelId = (tab: DashboardTab) => `sd-panel-${tab}`;
/** Id of a tab button. */
export const tabId = (tab: DashboardTab) => `sd-tab-${tab}`;

/**
 * The four dashboard tabs (SPEC.md 2), ARIA tabs pattern: one tab stop, arrow keys / Home / End move
 * between tabs and select them.
 */
export function DashboardTabs({ value, onChange }: { value: DashboardTab; onChange(tab: DashboardTab): void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const n = DASHBOARD_TABS.length;
    const next = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(DASHBOARD_TABS[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Survey dashboard sections" className="tabs sd-tabs">
      {DASHBOARD_TABS.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabId(t.id)}
          aria-selected={value === t.id}
          aria-controls={panelId(t.id)}
          tabIndex={value === t.id ? 0 : -1}
          className={`tab${value === t.id ? ' tab-active' : ''}`}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
