import { useSyncExternalStore } from 'react';

/** Colours the charts draw with, read from the app's CSS variables (light or dark palette). */
export interface ChartTheme {
  dark: boolean;
  text: string;
  grid: string;
  /** One colour per survey question (overall, technician, response time, resolution). */
  series: [string, string, string, string];
}

const LIGHT: ChartTheme['series'] = ['#2563eb', '#16a34a', '#d97706', '#9333ea'];
const DARK: ChartTheme['series'] = ['#60a5fa', '#4ade80', '#fbbf24', '#c084fc'];

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('ion-palette-dark');

/**
 * The chart colours, re-read when the theme switches (Ionic's `ion-palette-dark` class on <html>),
 * so the canvas follows light/dark like the rest of the page.
 */
export function useChartTheme(): ChartTheme {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const css = getComputedStyle(document.documentElement);
  const text = css.getPropertyValue('--ion-text-color').trim() || (dark ? '#e5e7eb' : '#1f2937');
  return { dark, text, grid: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)', series: dark ? DARK : LIGHT };
}
