const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Human file size in bytes, KB, MB or GB (SPEC.md 2 "File management", SPEC.md 9), base 1024:
 * whole bytes below 1 KB, written as in a sentence ("785 bytes", "1 byte": a byte count has no
 * fractions and the unit is a word, not SPEC.md's capitalised list item; issue 56 item 12), 2
 * decimals from KB up ("1.50 KB", "1.20 MB"; docs/decisions.md "File sizes"). Negative or
 * non-finite input -> "0 bytes".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  if (unit === 0) return Math.round(bytes) === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  return `${(bytes / 1024 ** unit).toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/**
 * A text cell of a CSV export that a spreadsheet cannot run: cells starting with '=', '+', '-',
 * '@', tab or CR get a leading apostrophe (OWASP "CSV Injection"). Used by every CSV the portal
 * writes (scheduler KPIs, ticket export).
 */
export function csvSafeCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
