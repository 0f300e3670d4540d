import { notificationsOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useOfflineQuery } from '../../offline';
import { Icon } from '../../lib/ui/Icon';
import { readUnread } from './offline';
import { INBOX_PATH, INBOX_TEXT } from './texts';
import './inbox.css';

/**
 * The header's bell (issue 57 point 5), for staff on phones and desktops: the unread count of the
 * person's inbox from the phone's copy (so it shows offline too), a link to the Inbox.
 */
export function InboxBell() {
  const unread = useOfflineQuery(readUnread) ?? 0;
  return (
    <Link to={INBOX_PATH} className="inbox-bell" aria-label={INBOX_TEXT.bellLabel(unread)} title={INBOX_TEXT.bellLabel(unread)}>
      <Icon icon={notificationsOutline} />
      {unread > 0 && (
        <span className="inbox-bell-count" data-testid="inbox-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
