/**
 * Tags are a SET (issue 57 point 3, docs/tags.md), not a field that conflicts: an update carries
 * `tagsAdd` / `tagsRemove` (names), applied to whatever the ticket has when it arrives. The server
 * (tags repository), the phone's optimistic view and the offline model use this one rule.
 * Names compare without regard to case; a name already on the ticket keeps its stored spelling.
 */

/** The case-insensitive key of a tag name. */
export const tagKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Sorted by lower-case name, code point order (SQL: `order by lower(name) collate "C"`), how tickets show their tags. */
export function sortTags(names: readonly string[]): string[] {
  return [...names].sort((a, b) => cmp(a.toLowerCase(), b.toLowerCase()) || cmp(a, b));
}

/**
 * `current` with `add` added and `remove` removed (a name both added and removed is removed).
 * Adding a name present in another case keeps the present spelling. Sorted (sortTags).
 */
export function mergeTagSet(current: readonly string[], add: readonly string[] = [], remove: readonly string[] = []): string[] {
  const out = new Map<string, string>();
  for (const n of current) out.set(tagKey(n), n);
  for (const n of add) if (!out.has(tagKey(n))) out.set(tagKey(n), n.trim().replace(/\s+/g, ' '));
  for (const n of remove) out.delete(tagKey(n));
  return sortTags([...out.values()]);
}

/**
 * The operations that turn `before` (the tags as the person saw them) into `after` (as they chose),
 * or null when they are the same set: what an update queues, so another device's changes survive.
 */
export function tagChanges(before: readonly string[], after: readonly string[]): { tagsAdd?: string[]; tagsRemove?: string[] } | null {
  const had = new Set(before.map(tagKey));
  const has = new Set(after.map(tagKey));
  const tagsAdd = after.filter((n) => !had.has(tagKey(n)));
  const tagsRemove = before.filter((n) => !has.has(tagKey(n)));
  if (!tagsAdd.length && !tagsRemove.length) return null;
  return { ...(tagsAdd.length ? { tagsAdd } : {}), ...(tagsRemove.length ? { tagsRemove } : {}) };
}
