import { Tabs } from '../../lib/ui/Tabs';

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

/** The four dashboard tabs (SPEC.md 2), with the shared ARIA tabs model (one tab stop, arrows, Home, End). */
export function DashboardTabs({ value, onChange }: { value: DashboardTab; onChange(tab: DashboardTab): void }) {
  return (
    <Tabs
      tabs={DASHBOARD_TABS}
      value={value}
      onChange={onChange}
      label="Survey dashboard sections"
      tabId={tabId}
      panelId={panelId}
      className="tabs sd-tabs"
    />
  );
}
