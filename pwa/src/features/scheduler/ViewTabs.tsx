import { useRef, type KeyboardEvent } from 'react';
import { VIEWS, VIEW_LABELS, type SchedulerView } from './labels';

/** Id of the panel a view tab controls. */
export const viewPanelId = (v: SchedulerView) => `sched-panel-${v}`;

/**
 * Tabs KPI Metrics, Kanban Board, Calendar View (SPEC.md 2), drawn as a segmented control (full
 * width on phones). ARIA tabs pattern: arrow keys, Home and End move between tabs.
 */
export function ViewTabs({ value, onChange }: { value: SchedulerView; onChange(v: SchedulerView): void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const go = (i: number) => {
    const next = (i + VIEWS.length) % VIEWS.length;
    onChange(VIEWS[next]!);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const target = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: VIEWS.length - 1 }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    go(target);
  };
  return (
    <div role="tablist" aria-label="Dashboard views" className="sched-segment">
      {VIEWS.map((v, i) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`sched-tab-${v}`}
          aria-selected={value === v}
          aria-controls={viewPanelId(v)}
          tabIndex={value === v ? 0 : -1}
          className={`sched-segment-button${value === v ? ' active' : ''}`}
          onClick={() => onChange(v)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </div>
  );
}
