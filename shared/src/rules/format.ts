const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Human file size with 2 decimals in Bytes, KB, MB or GB (SPEC.md 2 "File management", SPEC.md 9),
 * base 1024: 0 -> "0 Bytes", 1536 -> "1.50 KB". Negative or non-finite input -> "0 Bytes".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
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
