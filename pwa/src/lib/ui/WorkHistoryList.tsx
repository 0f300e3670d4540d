import type { ReactNode } from 'react';
import { UPDATE_TYPE_LABELS, historyChangeText, type TicketUpdateEntry } from '@portal/shared';
import { formatDateTime } from '../format';
import { QuotedMail } from './QuotedMail';
import './ui.css';

/** The fields of a work-history entry this list shows. */
export type HistoryEntry = Pick<
  TicketUpdateEntry,
  'id' | 'updateType' | 'reply' | 'createdAt' | 'updatedByName' | 'comment' | 'previousValue' | 'newValue'
> &
  Partial<Pick<TicketUpdateEntry, 'mailOriginal'>>;

/** Heading of an entry (SPEC.md 2 Work History): comments say whether they were a reply or an internal note. */
export function historyTitle(u: Pick<TicketUpdateEntry, 'updateType' | 'reply'>): string {
  if (u.updateType === 'comment') return u.reply ? 'Reply to Customer' : 'Internal Note';
  return UPDATE_TYPE_LABELS[u.updateType] ?? u.updateType;
}

/** The visible mark of a comment: 'E-mailed' for replies to the customer, 'Staff only' for internal notes. */
export function CommentMark({ reply }: { reply: boolean }) {
  return reply ? (
    <span className="history-mark history-mark-reply">E-mailed</span>
  ) : (
    <span className="history-mark history-mark-note">Staff only</span>
  );
}

/**
 * A ticket's work history, in the order given (newest first by the callers), SPEC.md 2: per entry the
 * update type (comments as 'Reply to Customer' / 'Internal Note' with the 'E-mailed' / 'Staff only'
 * mark, a customer's reply from the status link with 'From the customer'), time, author, comment and 'Changed from X to Y' (`changeText`, default the shared
 * `historyChangeText`; the tickets screen passes one that names assignees). `emptyText` when there
 * are no entries. `label` names the list and makes it a tab stop, for scrolling it by keyboard.
 * `extra(entry)` adds what a screen shows below an entry (the ticket screen: its attachments). A customer's
 * e-mail reply trimmed to its new text offers "Show quoted text" (`mailOriginal`, QuotedMail).
 */
export function WorkHistoryList<E extends HistoryEntry>(props: {
  entries: readonly E[];
  changeText?(entry: E): string | null;
  emptyText?: string;
  label?: string;
  extra?(entry: E): ReactNode;
}) {
  const { entries, changeText = historyChangeText, emptyText = 'No updates yet.', label, extra } = props;
  if (entries.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ol className="history-list" tabIndex={label ? 0 : undefined} aria-label={label}>
      {entries.map((u) => {
        const change = changeText(u);
        const comment = u.updateType === 'comment';
        return (
          <li key={u.id} className={`history-item${comment ? (u.reply ? ' history-reply' : ' history-note') : ''}${u.updateType === 'customer_reply' ? ' history-customer' : ''}`}>
            <div className="history-head">
              <span className="history-title">
                <strong>{historyTitle(u)}</strong>
                {comment && <CommentMark reply={u.reply === true} />}
                {u.updateType === 'customer_reply' && <span className="history-mark history-mark-customer">From the customer</span>}
              </span>
              <time dateTime={u.createdAt} className="muted">
                {formatDateTime(u.createdAt)}
              </time>
            </div>
            {u.updatedByName && <div className="muted history-by">by {u.updatedByName}</div>}
            {u.comment && <p className="history-comment">{u.comment}</p>}
            {u.mailOriginal && <QuotedMail original={u.mailOriginal} />}
            {change && <p className="history-change">{change}</p>}
            {extra?.(u)}
          </li>
        );
      })}
    </ol>
  );
}
