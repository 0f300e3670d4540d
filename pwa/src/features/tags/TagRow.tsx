import { useState } from 'react';
import type { Tag } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { useToast } from '../../lib/toast';

/** A failed tag request's message for a toast: the server's, else a general one. */
export const tagErrorText = (e: unknown) => failureText(e, 'The request failed. Please try again.');

/**
 * One tag on the admin Tags screen: its name and ticket count, 'Rename' (inline), 'Merge into'
 * another tag and 'Delete', the last two after a confirmation. `onChanged` reloads the list.
 */
export function TagRow({ tag, others, onChanged }: { tag: Tag; others: readonly Tag[]; onChanged(): void }) {
  const [name, setName] = useState<string | null>(null);
  const [into, setInto] = useState('');
  const [confirm, setConfirm] = useState<'merge' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async (method: 'PATCH' | 'DELETE', body: object | undefined, done: string) => {
    setBusy(true);
    try {
      await apiRequest(method, `/api/tags/${tag.id}`, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      toast.show({ title: 'Tags', description: done });
      setName(null);
      setConfirm(null);
      onChanged();
    } catch (e) {
      toast.show({ title: 'Error', description: tagErrorText(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const target = others.find((o) => o.id === into);
  return (
    <tr>
      <td>
        {name === null ? (
          <span className="tag-chip">{tag.name}</span>
        ) : (
          <form
            className="tags-rename"
            onSubmit={(e) => {
              e.preventDefault();
              void run('PATCH', { name }, `Renamed to ${name.trim()}.`);
            }}
          >
            <label className="visually-hidden" htmlFor={`tag-name-${tag.id}`}>
              New name of {tag.name}
            </label>
            <input id={`tag-name-${tag.id}`} className="input" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoFocus />
            <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
              Save
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setName(null)}>
              Cancel
            </button>
          </form>
        )}
      </td>
      <td>{tag.ticketCount}</td>
      <td className="tags-actions">
        {name === null && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setName(tag.name)}>
            Rename
          </button>
        )}
        {others.length > 0 && (
          <span className="tags-merge">
            <label className="visually-hidden" htmlFor={`tag-into-${tag.id}`}>
              Merge {tag.name} into
            </label>
            <select id={`tag-into-${tag.id}`} className="input" value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">Merge into...</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-outline btn-small" disabled={!target} onClick={() => setConfirm('merge')}>
              Merge
            </button>
          </span>
        )}
        <button type="button" className="btn btn-danger-outline btn-small" onClick={() => setConfirm('delete')}>
          Delete
        </button>
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'merge' ? `Merge ${tag.name} into ${target?.name ?? ''}?` : `Delete ${tag.name}?`}
          description={confirm === 'merge' ? `Its ${tag.ticketCount} tickets get ${target?.name ?? ''} and ${tag.name} is deleted.` : `It is removed from its ${tag.ticketCount} tickets.`}
          confirmLabel={confirm === 'merge' ? 'Merge' : 'Delete'}
          pending={busy}
          onConfirm={() => void (confirm === 'merge' ? run('PATCH', { mergeInto: into }, `Merged into ${target?.name ?? ''}.`) : run('DELETE', undefined, `Deleted ${tag.name}.`))}
          onCancel={() => setConfirm(null)}
        />
      </td>
    </tr>
  );
}
