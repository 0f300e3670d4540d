/**
 * A set of strings kept in localStorage under one key as a JSON array: the public pages' reminders
 * of what this browser queued and has not reported yet (survey answers, status-link replies), read
 * before the offline engine loads. Storage that is unavailable or holds something else reads as
 * empty, and a write to it is skipped (the outbox still holds the item).
 */
export interface StoredSet {
  /** true when `entry` is in the set. */
  has(entry: string): boolean;
  /** Adds (`on`) or removes `entry`; an empty set removes the key. */
  mark(entry: string, on: boolean): void;
}

/** The {@link StoredSet} under localStorage key `key`. */
export function storedSet(key: string): StoredSet {
  const read = (): string[] => {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    has: (entry) => read().includes(entry),
    mark(entry, on) {
      const rest = read().filter((t) => t !== entry);
      const next = on ? [...rest, entry] : rest;
      try {
        if (next.length === 0) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage unavailable: the item still sits in the outbox; the page finds it once the engine loads
      }
    },
  };
}
