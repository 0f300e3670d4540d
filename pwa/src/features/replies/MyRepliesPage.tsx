import { useState } from 'react';
import type { CannedReply, Macro, TicketTemplate } from '@portal/shared';
import { TabPanel, Tabs } from '../../lib/ui/Tabs';
import { ItemsScreen } from './ItemsScreen';
import { MacroForm } from './MacroForm';
import { ReplyForm } from './ReplyForm';
import { MyPhone } from './MyPhone';
import { macroRow, replyRow, templateRow } from './rows';
import { TemplateForm } from './TemplateForm';
import { REPLIES_TEXT } from './texts';
import { useSettingsConnection } from './useSettingsConnection';

type Tab = 'replies' | 'macros' | 'templates';

/**
 * /account/replies 'My Replies' (technicians and admins; issue 51): the canned replies, macros and
 * ticket templates only this person sees, beside the shared ones, in Update Ticket (picker, `::`,
 * Apply macro) and New Ticket; above them 'Your phone' (their `{{technician.phone}}`). Online only.
 */
export default function MyRepliesPage() {
  const [tab, setTab] = useState<Tab>('replies');
  const { connection, notice } = useSettingsConnection();
  return (
    <div className="page">
      <div className="page-head">
        <h1>My Replies</h1>
      </div>
      {notice}
      <MyPhone disabled={connection.writeBlock !== undefined} />
      <Tabs
        tabs={[
          { id: 'replies', label: 'Canned Replies' },
          { id: 'macros', label: 'Macros' },
          { id: 'templates', label: 'Templates' },
        ]}
        value={tab}
        onChange={setTab}
        label="My replies, macros and templates"
        tabId={(t) => `my-tab-${t}`}
        panelId={() => 'my-tabpanel'}
      />
      <TabPanel id="my-tabpanel" labelledBy={`my-tab-${tab}`}>
        {tab === 'replies' && <ItemsScreen<CannedReply> kind="replies" scope="personal" noun="Reply" empty={REPLIES_TEXT.noMyReplies} row={replyRow} Form={ReplyForm} connection={connection} />}
        {tab === 'macros' && <ItemsScreen<Macro> kind="macros" scope="personal" noun="Macro" empty={REPLIES_TEXT.noMyMacros} row={macroRow} Form={MacroForm} connection={connection} />}
        {tab === 'templates' && <ItemsScreen<TicketTemplate> kind="templates" scope="personal" noun="Template" empty={REPLIES_TEXT.noMyTemplates} row={templateRow} Form={TemplateForm} connection={connection} />}
      </TabPanel>
    </div>
  );
}
