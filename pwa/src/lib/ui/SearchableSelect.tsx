import { useMemo, useState } from 'react';

/** An option: `search` is extra text the search matches besides the name (e.g. e-mail domains). */
export interface SearchableOption {
  id: string;
  name: string;
  search?: string;
}

/** From this many options a search box shows above the select. */
export const SEARCH_FROM = 12;
/** At most this many matches are listed (5,000 clients make no usable native list). */
export const SHOWN_MATCHES = 50;

/** Options whose name (or `search` text) contains every word of `query`, ignoring case. */
export function searchOptions<T extends SearchableOption>(options: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const text = `${o.name} ${o.search ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * A native select (its `<label for=id>` stays the caller's: getByLabel and phone pickers keep
 * working) with, from {@link SEARCH_FROM} options, a search box that narrows it to the first
 * {@link SHOWN_MATCHES} matches. The chosen option is always listed; the rest are counted in a
 * disabled last option ('12 more: type to narrow'). Works on what the caller passes (the device's
 * copy), so it needs no connection.
 */
export function SearchableSelect(props: { id: string; label: string; value: string; noneLabel: string; options: readonly SearchableOption[]; onChange(id: string): void }) {
  const { id, label, value, noneLabel, options, onChange } = props;
  const [query, setQuery] = useState('');
  const searchable = options.length >= SEARCH_FROM;
  const matches = useMemo(() => (searchable ? searchOptions(options, query) : [...options]), [options, query, searchable]);
  const shown = matches.slice(0, SHOWN_MATCHES);
  const chosen = value ? options.find((o) => o.id === value) : undefined;
  if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
  const more = matches.length - shown.filter((o) => matches.includes(o)).length;
  return (
    <>
      {searchable && (
        <input
          type="search"
          className="input searchable-select-search"
          aria-label={`Search ${label.toLowerCase()}s`}
          aria-controls={id}
          placeholder={`Search ${options.length.toLocaleString('en')} ${label.toLowerCase()}s`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{noneLabel}</option>
        {shown.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        {more > 0 && (
          <option value="" disabled>
            {more.toLocaleString('en')} more: type to narrow
          </option>
        )}
        {searchable && query && matches.length === 0 && (
          <option value="" disabled>
            No match for “{query}”
          </option>
        )}
      </select>
    </>
  );
}
