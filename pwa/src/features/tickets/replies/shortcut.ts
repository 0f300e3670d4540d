/**
 * Pure helpers of the canned-reply picker and the `::` shortcut in Update Comment (issue 51,
 * docs/replies-and-macros.md): where a shortcut is being typed, which replies match, and the text
 * after inserting one. No React, no Dexie.
 */
import type { CannedReply } from '@portal/shared';

/** A `::` shortcut being typed: `start` is the index of the first `:`, `query` the letters after it. */
export interface Shortcut {
  start: number;
  query: string;
}

/** Most replies the `::` menu lists. */
export const SHORTCUT_MENU_SIZE = 6;

/**
 * The shortcut typed just before `caret`, or null: `::` at the start of the text or after a space
 * or line break, then up to 30 letters without a space (`::on` -> query 'on').
 */
export function shortcutAt(text: string, caret: number): Shortcut | null {
  const m = /(?:^|\s)::([^\s:]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  const query = m[1] ?? '';
  return { start: caret - query.length - 2, query };
}

/**
 * Replies matching `query` (case-insensitive): titles starting with it, then titles with a word
 * starting with it, then titles or texts containing it; by title within each group. An empty query
 * lists them all.
 */
export function matchReplies(replies: readonly CannedReply[], query: string): CannedReply[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...replies];
  const rank = (r: CannedReply): number => {
    const title = r.title.toLowerCase();
    if (title.startsWith(q)) return 0;
    if (title.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(q))) return 1;
    if (title.includes(q) || r.body.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return replies
    .map((r) => ({ r, rank: rank(r) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.r.title.localeCompare(b.r.title))
    .map((x) => x.r);
}

/**
 * `text` with `insert` put in place of `[from, to)` (a typed shortcut, the selection, or the caret
 * when `from === to`), and the caret after it.
 */
export function insertText(text: string, from: number, to: number, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
