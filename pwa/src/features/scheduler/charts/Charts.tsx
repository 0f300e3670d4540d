/**
 * The scheduler's charts, Chart.js through react-chartjs-2, in their own lazy chunk so
 * only /scheduler downloads Chart.js. Each chart is a <figure> whose canvas is hidden from
 * assistive technology and whose data is repeated in a visually hidden table (the text
 * alternative). Colours follow the light/dark palette (Ionic CSS variables, re-read when the
 * theme class on <html> changes).
 */
import { useSyncExternalStore } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { SchedulerDay, TechnicianKpi } from '@portal/shared';
import { WORKLOAD_LABELS } from '../labels';

ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => observer.disconnect();
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Palette snapshot, as a string so useSyncExternalStore can compare it. */
function readPalette(): string {
  return JSON.stringify({
    text: cssVar('--ion-text-color', '#222'),
    grid: cssVar('--ion-color-step-150', 'rgba(127,127,127,0.25)'),
    primary: cssVar('--ion-color-primary', '#0054e9'),
    success: cssVar('--ion-color-success', '#2dd55b'),
    warning: cssVar('--ion-color-warning', '#ffc409'),
    danger: cssVar('--ion-color-danger', '#c5000f'),
  });
}

type Palette = { text: string; grid: string; primary: string; success: string; warning: string; danger: string };

function usePalette(): Palette {
  return JSON.parse(useSyncExternalStore(subscribeTheme, readPalette, readPalette)) as Palette;
}

function baseOptions(p: Palette, horizontal = false) {
  const axis = { ticks: { color: p.text, precision: 0 }, grid: { color: p.grid }, beginAtZero: true };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    plugins: { legend: { labels: { color: p.text } } },
    scales: { x: { ...axis }, y: { ...axis } },
  };
}

/** 'Jun 16' from 'yyyy-MM-dd' (no time zone shift: the server already used the staff member's days). */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Tickets created versus resolved per day of the range, with its table. */
export function CreatedResolvedChart({ days }: { days: readonly SchedulerDay[] }) {
  const p = usePalette();
  const labels = days.map((d) => dayLabel(d.date));
  const data = {
    labels,
    datasets: [
      { label: 'Created', data: days.map((d) => d.created), backgroundColor: p.primary, maxBarThickness: 40 },
      { label: 'Resolved', data: days.map((d) => d.resolved), backgroundColor: p.success, maxBarThickness: 40 },
    ],
  };
  return (
    <figure className="card sched-chart" aria-labelledby="chart-created-caption">
      <figcaption id="chart-created-caption">Tickets created vs resolved per day</figcaption>
      <div className="sched-chart-canvas" aria-hidden="true">
        <Bar data={data} options={baseOptions(p)} />
      </div>
      <table className="sr-only">
        <caption>Tickets created and resolved per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Created</th>
            <th scope="col">Resolved</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.date}>
              <th scope="row">{labels[i]}</th>
              <td>{d.created}</td>
              <td>{d.resolved}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Active (open + in progress) tickets per technician, coloured by workload level, with its table. */
export function WorkloadChart({ rows }: { rows: readonly TechnicianKpi[] }) {
  const p = usePalette();
  const color = { light: p.success, moderate: p.warning, heavy: p.danger };
  const data = {
    labels: rows.map((r) => r.username),
    datasets: [{ label: 'Active tickets', data: rows.map((r) => r.activeTickets), backgroundColor: rows.map((r) => color[r.workload]), maxBarThickness: 28 }],
  };
  const options = baseOptions(p, true);
  return (
    <figure className="card sched-chart" aria-labelledby="chart-workload-caption">
      <figcaption id="chart-workload-caption">Workload per technician (open + in progress)</figcaption>
      <div className="sched-chart-canvas" style={{ height: Math.max(160, rows.length * 32 + 60) }} aria-hidden="true">
        <Bar data={data} options={{ ...options, plugins: { ...options.plugins, legend: { display: false } } }} />
      </div>
      <table className="sr-only">
        <caption>Workload per technician</caption>
        <thead>
          <tr>
            <th scope="col">Technician</th>
            <th scope="col">Active tickets</th>
            <th scope="col">Workload</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.technicianId}>
              <th scope="row">{r.username}</th>
              <td>{r.activeTickets}</td>
              <td>{WORKLOAD_LABELS[r.workload]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
