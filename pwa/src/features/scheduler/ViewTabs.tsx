import { Tabs } from '../../lib/ui/Tabs';
import { VIEWS, VIEW_LABELS, type SchedulerView } from './labels';

/** Id of the panel a view tab controls. */
export const viewPanelId = (v: SchedulerView) => `sched-panel-${v}`;

const VIEW_TABS = VIEWS.map((v) => ({ id: v, label: VIEW_LABELS[v] }));

/**
 * Tabs KPI Metrics, Kanban Board, Calendar View (SPEC.md 2), drawn as a segmented control (full
 * width on phones), with the shared ARIA tabs model (arrow keys, Home and End).
 */
export function ViewTabs({ value, onChange }: { value: SchedulerView; onChange(v: SchedulerView): void }) {
  return (
    <Tabs
      tabs={VIEW_TABS}
      value={value}
      onChange={onChange}
      label="Dashboard views"
      tabId={(v) => `sched-tab-${v}`}
      panelId={viewPanelId}
      className="sched-segment"
      tabClassName="sched-segment-button"
      activeClassName="active"
    />
  );
}
