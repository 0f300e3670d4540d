import type { ReplyInsertion } from './useReplyInsertion';

/**
 * The `::` menu under Update Comment (useReplyInsertion): the matching canned replies, the active
 * one marked, each text as it will be inserted (`fill`); a tap inserts it (the textarea keeps the focus).
 */
export function ShortcutMenu({ menu, fill }: { menu: ReplyInsertion['menu']; fill(text: string): string }) {
  if (menu.matches.length === 0) return null;
  return (
    <ul id="reply-shortcut-menu" className="reply-menu" role="listbox" aria-label="Canned replies">
      {menu.matches.map((r, i) => (
        <li
          key={r.id}
          id={`reply-shortcut-${i}`}
          role="option"
          aria-selected={i === menu.active}
          className={i === menu.active ? 'reply-menu-item active' : 'reply-menu-item'}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => menu.choose(r)}
        >
          <span className="reply-menu-title">{r.title}</span>
          <span className="reply-menu-body">{fill(r.body)}</span>
        </li>
      ))}
    </ul>
  );
}
