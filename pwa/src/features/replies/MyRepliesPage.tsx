import type { CannedReply } from '@portal/shared';
import { ItemsScreen } from './ItemsScreen';
import { ReplyForm } from './ReplyForm';
import { replyRow } from './rows';
import { REPLIES_TEXT } from './texts';
import { useSettingsConnection } from './useSettingsConnection';

/**
 * /account/replies 'My Replies' (technicians and admins; issue 51): the canned replies only this
 * person sees, beside the shared ones, in Update Ticket's picker and `::`. Online only.
 */
export default function MyRepliesPage() {
  const { connection, notice } = useSettingsConnection();
  return (
    <div className="page">
      <div className="page-head">
        <h1>My Replies</h1>
      </div>
      {notice}
      <ItemsScreen<CannedReply> kind="replies" scope="personal" noun="Reply" empty={REPLIES_TEXT.noMyReplies} row={replyRow} Form={ReplyForm} connection={connection} />
    </div>
  );
}
