import type { TicketTemplate } from '@portal/shared';
import { ItemsScreen } from './ItemsScreen';
import { templateRow } from './rows';
import { TemplateForm } from './TemplateForm';
import { REPLIES_TEXT } from './texts';
import { useSettingsConnection } from './useSettingsConnection';

/** /admin/templates 'Ticket Templates' (admin; issue 51): the shared templates New Ticket starts from. Online only. */
export default function TemplatesPage() {
  const { connection, notice } = useSettingsConnection();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Ticket Templates</h1>
      </div>
      {notice}
      <ItemsScreen<TicketTemplate> kind="templates" scope="shared" noun="Template" empty={REPLIES_TEXT.noTemplates} row={templateRow} Form={TemplateForm} connection={connection} />
    </div>
  );
}
