import { useState } from 'react';
import type { CannedReply, Macro } from '@portal/shared';
import { TabPanel, Tabs } from '../../lib/ui/Tabs';
import { ItemsScreen } from './ItemsScreen';
import { MacroForm } from './MacroForm';
import { ReplyForm } from './ReplyForm';
import { macroRow, replyRow } from './rows';
import { REPLIES_TEXT } from './texts';
import { useSettingsConnection } from './useSettingsConnection';

type Tab = 'replies' | 'macros';

/**
 * /admin/replies 'Replies & Macros' (admin; issue 51): the shared canned replies and macros every
 * technician uses, in two tabs; add, edit (variables with a preview on a sample ticket), delete.
 * Online only; phones keep a copy for offline use.
 */
export default function RepliesPage() {
  const [tab, setTab] = useState<Tab>('replies');
  const { connection, notice } = useSettingsConnection();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Replies &amp; Macros</h1>
      </div>
      {notice}
      <Tabs
        tabs={[
          { id: 'replies', label: 'Canned Replies' },
          { id: 'macros', label: 'Macros' },
        ]}
        value={tab}
        onChange={setTab}
        label="Replies and macros"
        tabId={(t) => `replies-tab-${t}`}
        panelId={() => 'replies-tabpanel'}
      />
      <TabPanel id="replies-tabpanel" labelledBy={`replies-tab-${tab}`}>
        {tab === 'replies' ? (
          <ItemsScreen<CannedReply> kind="replies" scope="shared" noun="Reply" empty={REPLIES_TEXT.noReplies} row={replyRow} Form={ReplyForm} connection={connection} />
        ) : (
          <ItemsScreen<Macro> kind="macros" scope="shared" noun="Macro" empty={REPLIES_TEXT.noMacros} row={macroRow} Form={MacroForm} connection={connection} />
        )}
      </TabPanel>
    </div>
  );
}
