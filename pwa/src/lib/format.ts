import { format, isValid, parseISO } from 'date-fns';

/** SPEC.md 9 date formats (English US). */
export const DATE_FORMAT = 'MMM d, yyyy';
export const DATE_TIME_FORMAT = "MMM d, yyyy 'at' h:mm a";

/** `2024-03-05T14:07:00Z` -> `Mar 5, 2024 at 2:07 PM` (local time); invalid input -> ''. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, DATE_TIME_FORMAT) : '';
}

/**
 * A short form for one-line places on phones (the ticket card's Created/Updated, the sync strip):
 * today `2:07 PM`, earlier this year `Mar 5, 2:07 PM`, other years `Mar 5, 2024` (local time, English
 * US like SPEC.md 9); invalid input -> ''. `now` is the reference day (default: the current time).
 */
export function formatShortDateTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const d = parseISO(iso);
  if (!isValid(d)) return '';
  if (d.getFullYear() !== now.getFullYear()) return format(d, DATE_FORMAT);
  return d.toDateString() === now.toDateString() ? format(d, 'h:mm a') : format(d, 'MMM d, h:mm a');
}

/** `2024-03-05T14:07:00Z` -> `Mar 5, 2024`; invalid input -> ''. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, DATE_FORMAT) : '';
}
