import type { ReactNode } from 'react';
import { ConnectionNotice, useScreenConnection, type ScreenConnection } from '../../lib/ui/ServerConnection';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import { isRecurringScreenQuery } from './api/keys';
import { RECURRING_TEXT } from './texts';

/**
 * The Recurring Tickets screen's connection, as the other settings screens (replies, templates):
 * writes need the server; offline the notice says so ({@link RECURRING_TEXT.onlineOnly}) and the
 * buttons are disabled with the reason.
 */
export function useRecurringConnection(): { connection: ScreenConnection; notice: ReactNode } {
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isRecurringScreenQuery });
  const notice = (
    <>
      <SyncStatus compact />
      <ConnectionNotice connection={connection} />
      {connection.offline && (
        <p className="card rec-online-only" role="note">
          {RECURRING_TEXT.onlineOnly}
        </p>
      )}
    </>
  );
  return { connection, notice };
}
