/**
 * One-tap contact links for the field (DESIGN.md 5a "contact data is a link"): call, text,
 * e-mail and open the address in maps. Pure functions; null when the value cannot be a link.
 * Shared by the vault and the client card (one rule in one place).
 */

/** Dialable characters of a phone number ('+1 (555) 010-2000 ext. 4' -> '+15550102000'); null without digits. */
function dialable(phone: string | null | undefined): string | null {
  const main = phone?.split(/\b(?:ext|x)\.?\s*\d/i)[0] ?? '';
  const digits = main.replace(/[^\d+*#]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? digits : null;
}

/** `tel:` link of a phone number. */
export function telHref(phone: string | null | undefined): string | null {
  const d = dialable(phone);
  return d ? `tel:${d}` : null;
}

/** `sms:` link of a phone number. */
export function smsHref(phone: string | null | undefined): string | null {
  const d = dialable(phone);
  return d ? `sms:${d}` : null;
}

/** `mailto:` link of an e-mail address. */
export function mailtoHref(email: string | null | undefined): string | null {
  return email && /^[^\s@]+@[^\s@]+$/.test(email) ? `mailto:${email}` : null;
}

/** Maps search link of an address (Google's universal URL: opens the maps app on phones). */
export function mapsHref(address: string | null | undefined): string | null {
  const a = address?.trim();
  return a ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(a)}` : null;
}
