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

/** `2024-03-05T14:07:00Z` -> `Mar 5, 2024`; invalid input -> ''. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, DATE_FORMAT) : '';
}
