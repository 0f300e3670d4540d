/**
 * Chart.js with only what the survey charts use (tree-shaken: about half of Recharts' size,
 * measured when the dashboard was built). Imported only by the lazily loaded chart modules of /survey-dashboard,
 * so no other route downloads it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

export { Chart };
