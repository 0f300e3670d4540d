import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { CannedReply } from '@portal/shared';
import { SHORTCUT_MENU_SIZE, insertText, matchReplies, shortcutAt, type Shortcut } from './shortcut';

/**
 * Inserting canned replies into the Update Comment box (issue 51, docs/replies-and-macros.md):
 * from the picker at the caret (or over the selection), or by typing `::` and a few letters, which
 * opens a menu of matching replies (arrows, Enter or Tab to insert, Escape to close; a tap works
 * too). Each inserted reply is filled by `fill` (the ticket's variables) and stays editable.
 * `getText`/`setText` read and write the form's comment; `textarea` wraps the field's own
 * `ref` and `onChange` (react-hook-form's register) with the tracking.
 */
export function useReplyInsertion(opts: {
  replies: readonly CannedReply[];
  fill(text: string): string;
  getText(): string;
  setText(text: string): void;
}) {
  const { replies, fill, getText, setText } = opts;
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const [shortcut, setShortcut] = useState<Shortcut | null>(null);
  const [active, setActive] = useState(0);
  const matches = shortcut ? matchReplies(replies, shortcut.query).slice(0, SHORTCUT_MENU_SIZE) : [];
  const open = matches.length > 0;

  const track = () => {
    const el = ref.current;
    const next = el ? shortcutAt(el.value, el.selectionStart ?? el.value.length) : null;
    setShortcut((s) => (s?.start === next?.start && s?.query === next?.query ? s : next));
    setActive(0);
  };

  /** Puts `reply` (filled) at the caret, over the selection, or in place of the typed shortcut. */
  const insert = (reply: CannedReply, typed: Shortcut | null = null) => {
    const el = ref.current;
    const text = getText();
    const caret = el ? (el.selectionStart ?? text.length) : text.length;
    const from = typed ? typed.start : caret;
    const to = typed ? caret : el ? (el.selectionEnd ?? caret) : caret;
    const next = insertText(text, from, to, fill(reply.body));
    setText(next.text);
    setShortcut(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + matches.length) % matches.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      insert(matches[active]!, shortcut);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setShortcut(null);
    }
  };

  /** Props for the comment textarea, merged with react-hook-form's `register('comment')`. */
  const textarea = (field: { ref(el: HTMLTextAreaElement | null): void; onChange(e: ChangeEvent<HTMLTextAreaElement>): unknown }) => ({
    ref: (el: HTMLTextAreaElement | null) => {
      field.ref(el);
      ref.current = el;
    },
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
      void field.onChange(e);
      track();
    },
    onKeyDown,
    onClick: track,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': open ? 'reply-shortcut-menu' : undefined,
    'aria-activedescendant': open ? `reply-shortcut-${active}` : undefined,
  });

  return { textarea, insert, menu: { matches, active, choose: (r: CannedReply) => insert(r, shortcut), close: () => setShortcut(null) } };
}

/** What {@link useReplyInsertion} returns. */
export type ReplyInsertion = ReturnType<typeof useReplyInsertion>;
