/**
 * Phone numbers for SMS (SPEC.md 5 allows digits, spaces, +, - and parentheses; twilio needs E.164).
 */

/**
 * Converts a typed number to E.164: `+44 20 7946 0000` -> `+442079460000`; `00 44 ...` -> `+44...`;
 * without a leading `+`/`00` the number is national: a trunk `0` is dropped and `countryCode` (digits,
 * e.g. `1`) is put in front, unless an 11-digit number already starts with it (`1 555 ...`).
 * @returns the E.164 string, or null when fewer than 7 or more than 15 digits remain.
 */
export function toE164(phone: string, countryCode: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (!(digits.length === 10 + countryCode.length && digits.startsWith(countryCode))) {
    digits = countryCode + digits.replace(/^0+/, '');
  }
  return digits.length >= 7 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null;
}
