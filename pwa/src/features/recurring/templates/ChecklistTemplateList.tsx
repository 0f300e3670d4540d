import type { ChecklistTemplate } from '@portal/shared';
import { ResponsiveList, type ListColumn } from '../../../lib/ui/ResponsiveList';
import { writeProps } from '../../../lib/ui/ServerConnection';
import { CHECKLIST_TEMPLATES_TEXT as T } from './texts';
import { templateSummary } from './templateModel';

/**
 * The checklist templates (DESIGN.md 5a: cards on phones, a table from 992 px), each with what it
 * holds and Edit / Delete, disabled offline with the reason. Loading: skeletons; none: the empty text.
 */
export function ChecklistTemplateList(props: {
  rows: readonly ChecklistTemplate[] | undefined;
  error: Error | null;
  writeBlock: string | undefined;
  onEdit(t: ChecklistTemplate): void;
  onDelete(t: ChecklistTemplate): void;
  onRetry(): void;
}) {
  const { rows, error, writeBlock, onEdit, onDelete, onRetry } = props;
  const actions = (t: ChecklistTemplate) => (
    <div className="cl-tpl-actions">
      <button type="button" className="btn btn-outline btn-small" {...writeProps(writeBlock)} onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
        Edit
      </button>
      <button type="button" className="btn btn-outline btn-small btn-danger-outline" {...writeProps(writeBlock)} onClick={() => onDelete(t)} aria-label={`Delete ${t.name}`}>
        Delete
      </button>
    </div>
  );
  const columns: ListColumn<ChecklistTemplate>[] = [
    { id: 'name', header: 'Name', cell: (t) => t.name, rowHeader: true },
    { id: 'items', header: 'Items', cell: (t) => <span className="cl-tpl-summary">{templateSummary(t)}</span> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions, className: 'nowrap' },
  ];
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(t) => t.id}
      columns={columns}
      label={T.title}
      empty={T.empty}
      error={rows ? null : error}
      errorText="The list could not be loaded."
      onRetry={onRetry}
      rowAttrs={(t) => ({ 'data-template': t.name })}
      cardLabel={(t) => t.name}
      classes={{ card: 'card cl-tpl-card' }}
      card={(t) => (
        <>
          <div>
            <h3>{t.name}</h3>
            <p className="muted">{templateSummary(t)}</p>
          </div>
          {actions(t)}
        </>
      )}
    />
  );
}
