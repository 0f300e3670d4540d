import { Link, useNavigate } from 'react-router-dom';
import { INBOX_PAGE_MAX, staffTicketPath, type InboxItem } from '@portal/shared';
import { getOfflineDb, useOfflineQuery } from '../../offline';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { markInboxRead, readInbox } from './offline';
import { INBOX_TEXT as T, PREFERENCES_PATH } from './texts';
import './inbox.css';

/**
 * /inbox (staff; issue 57 point 5): the alerts that reached the person, newest first, from the
 * phone's copy (works offline). Opening one marks it read (an outbox write) and opens its ticket;
 * "Mark all read" marks every unread one.
 */
export default function InboxPage() {
  const data = useOfflineQuery(readInbox);
  const { user } = useAuth();
  const navigate = useNavigate();
  const me = user ? { id: user.id, username: user.username } : null;

  const open = async (item: InboxItem) => {
    if (me && item.readAt === null) await markInboxRead(getOfflineDb(), [item.id], me);
    navigate(staffTicketPath(item.ticketId));
  };
  const markAll = async () => {
    const ids = (data?.items ?? []).filter((i) => i.readAt === null).map((i) => i.id);
    for (let i = 0; me && i < ids.length; i += INBOX_PAGE_MAX) await markInboxRead(getOfflineDb(), ids.slice(i, i + INBOX_PAGE_MAX), me);
  };

  return (
    <div className="page inbox-page">
      <div className="inbox-head">
        <h1>{T.heading}</h1>
        <Link to={PREFERENCES_PATH}>{T.preferences}</Link>
      </div>
      {data === undefined && <Loading />}
      {data && (
        <div className="inbox-head">
          <span className="muted">{T.unread(data.unread)}</span>
          <button type="button" className="btn btn-outline btn-small" disabled={data.unread === 0} onClick={() => void markAll()}>
            {T.markAll}
          </button>
        </div>
      )}
      {data && data.items.length === 0 && <p className="muted">{T.empty}</p>}
      {data && data.items.length > 0 && (
        <ul className="inbox-list" aria-label={T.heading}>
          {data.items.map((item) => (
            <li key={item.id}>
              <button type="button" className={`inbox-item${item.readAt === null ? ' unread' : ''}`} onClick={() => void open(item)}>
                <span className="inbox-dot" aria-hidden="true" />
                <span className="inbox-meta">
                  {T.kinds[item.kind]} · {item.ticketNumber} · {formatDateTime(item.createdAt)}
                  {item.readAt === null && <span className="visually-hidden"> (unread)</span>}
                </span>
                <span className="inbox-text">{item.text}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
