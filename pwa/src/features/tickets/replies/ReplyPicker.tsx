import { useId, useState } from 'react';
import type { CannedReply } from '@portal/shared';
import { matchReplies } from './shortcut';

/**
 * 'Insert reply' under Update Comment (issue 51): opens a search over the canned replies kept on
 * the device (offline too); choosing one inserts it at the caret, filled from the ticket, and
 * closes. Says how to make replies when there are none, and hints at the `::` shortcut.
 */
export function ReplyPicker(props: { replies: readonly CannedReply[]; fill(text: string): string; onPick(reply: CannedReply): void }) {
  const { replies, fill, onPick } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const id = useId();
  const found = matchReplies(replies, query);
  return (
    <div className="reply-picker">
      <button type="button" className="btn btn-outline btn-small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Insert reply
      </button>
      <span className="form-hint reply-picker-hint">or type :: and a few letters</span>
      {open && (
        <div id={id} className="reply-picker-panel">
          <input type="search" className="input" aria-label="Search replies" placeholder="Search replies" value={query} onChange={(e) => setQuery(e.target.value)} />
          {replies.length === 0 ? (
            <p className="form-hint">No canned replies on this device yet. Add yours under My Replies.</p>
          ) : found.length === 0 ? (
            <p className="form-hint">No reply matches "{query}".</p>
          ) : (
            <ul className="reply-menu reply-picker-list">
              {found.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className="reply-menu-item"
                    onClick={() => {
                      onPick(r);
                      setOpen(false);
                      setQuery('');
                    }}
                  >
                    <span className="reply-menu-title">{r.title}</span>
                    <span className="reply-menu-body">{fill(r.body)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
