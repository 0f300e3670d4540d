/**
 * Phone numbers (issue 50): parsed with libphonenumber-js against a default country (the API's
 * PHONE_COUNTRY, public in GET /api/config as `phoneCountry`), stored in E.164 (`+12015550123`), shown
 * formatted: national format for numbers of the default country, international otherwise.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** true when `code` is an ISO 3166-1 alpha-2 country libphonenumber-js knows (e.g. 'US', 'GB'). */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/**
 * The E.164 form of `input` read in `country` (a number starting with + may be of any country), or
 * null when it is not a valid number there. Empty input is not a number (callers treat '' as "none").
 */
export function toE164(input: string, country: string): string | null {
  if (!input.trim() || !isPhoneCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(input, country);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A stored E.164 number for display ('(201) 555-0123' at home, '+44 20 7946 0958' abroad); other text unchanged. */
export function formatPhone(e164: string | null | undefined, country: string): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** The message a phone number that does not parse gets, naming the default country. */
export const phoneInvalidMessage = (country: string) => `Enter a valid phone number for ${country}, or start it with + and the country code.`;
