/**
 * The words of ticket search (docs/search.md): one rule for the server's stored document (the SQL
 * function `search_doc` of migration 0025 splits with the same characters) and the phone's word
 * index, so a word is the same word online and offline.
 *
 * A word is a run of characters between separators, lower-cased: letters and digits of any script
 * stay, ASCII punctuation and symbols, Latin-1 punctuation (¡ « » ¿ × ÷ ...), the General
 * Punctuation block (typographic quotes and dashes, ellipsis, special spaces) and ideographic
 * punctuation split. No stemming and no stop words: names and product codes stay as typed
 * (`HP-4050` gives `hp` and `4050`, an e-mail address its parts: `jo.smith@acme.com` gives `jo`,
 * `smith`, `acme`, `com`). Words longer than {@link MAX_WORD_LENGTH} code points (pasted keys,
 * base64) are left out on both sides.
 */

/**
 * The separator class as regular-expression source, valid in JavaScript (with the `u` flag) and in
 * PostgreSQL's ARE syntax alike; migration 0025 carries the same text (search.test.ts on the API
 * compares both on tricky strings).
 */
export const SEARCH_SEPARATORS = '[\\u0001-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00bf\\u00d7\\u00f7\\u2000-\\u206f\\u3000-\\u3003\\ufeff]+';

/** Longest word kept, in code points (PostgreSQL's own limit is 2,047 bytes). */
export const MAX_WORD_LENGTH = 100;

const separators = new RegExp(SEARCH_SEPARATORS, 'u');

/** Code points of a string (a surrogate pair counts once, as PostgreSQL's char_length does). */
function codePoints(word: string): number {
  let n = 0;
  for (const _ of word) n += 1;
  return n;
}

/**
 * The words of `text` in order, lower-cased (duplicates kept: phrases need the order).
 * @param text any text; null and undefined give no words.
 */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .split(separators)
    .filter((w) => w !== '' && codePoints(w) <= MAX_WORD_LENGTH);
}

/** Only the digits of `text` (`(555) 010-0142` -> `5550100142`). */
export function digitsOf(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** `text` reversed (phone digits are stored reversed so "ends with" is an index prefix). */
export function reversed(text: string): string {
  return [...text].reverse().join('');
}

/** The domain of an e-mail address, lower-cased ('' without `@`). */
export function emailDomain(email: string | null | undefined): string {
  const e = (email ?? '').toLowerCase();
  const at = e.lastIndexOf('@');
  return at < 0 ? '' : e.slice(at + 1);
}

/**
 * The domain reversed label by label (`mail.acme.com` -> `com.acme.mail`), so a whole domain and
 * its subdomains are one index prefix: `com.acme` and `com.acme.*`.
 */
export function reversedDomain(domain: string): string {
  return domain.toLowerCase().split('.').reverse().join('.');
}
