import { RATING_LABELS } from '@portal/shared';

/** 'N/A' for a figure the range has no data for (SPEC.md 2 "percent or N/A"). */
export const NA = 'N/A';

/** 80 -> '80%'. */
export const percent = (v: number | null) => (v === null ? NA : `${v}%`);
/** 3 -> '3.0' (ratings out of 5, 1 decimal). */
export const rating = (v: number | null) => (v === null ? NA : v.toFixed(1));
/** 4.8 -> '4.8' hours. */
export const hours = (v: number | null) => (v === null ? NA : v.toFixed(1));
/** A whole number with thousands separators. */
export const count = (v: number) => v.toLocaleString('en-US');
/** Label of a rating value: '4 - Good'. */
export const ratingLabel = (n: number) => `${n} - ${RATING_LABELS[n]}`;

/** The dashboard's range options (SPEC.md 2 / 9). */
export const RANGE_OPTIONS: { days: number; label: string }[] = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last year' },
];
