import type { ReactNode } from 'react';
import { ConnectionNotice, useScreenConnection, type ScreenConnection } from '../../lib/ui/ServerConnection';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import { REPLIES_TEXT } from './texts';
import { isRepliesScreenQuery } from './api/keys';
import './replies.css';

/**
 * The connection of the replies screens: writes need the server (they are settings); offline the
 * notice says so with {@link REPLIES_TEXT.onlineOnly} and the buttons are disabled with the reason; its
 * 'as of' counts only these screens' lists and technicians (isRepliesScreenQuery).
 */
export function useSettingsConnection(): { connection: ScreenConnection; notice: ReactNode } {
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isRepliesScreenQuery });
  const notice = (
    <>
      <SyncStatus compact />
      <ConnectionNotice connection={connection} />
      {connection.offline && (
        <p className="card reply-online-only" role="note">
          {REPLIES_TEXT.onlineOnly}
        </p>
      )}
    </>
  );
  return { connection, notice };
}
