import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagList } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { TagRow, tagErrorText } from './TagRow';
import './tags-admin.css';

/** Query key of the admin Tags screen. */
export const TAGS_KEY = ['admin-tags'] as const;

/**
 * /admin/tags 'Tags' (issue 57 point 3, docs/tags.md; admins): every tag with its ticket count,
 * each with Rename, 'Merge into' another tag and Delete, and the setting 'Technicians may create
 * tags'. Online only (GET /api/tags, PATCH/DELETE /api/tags/:id, PUT /api/tags/settings); phones
 * see the changes on their tickets at the next sync.
 */
export default function TagsPage() {
  const query = useQuery({ queryKey: TAGS_KEY, queryFn: () => apiGet<TagList>('/api/tags') });
  const client = useQueryClient();
  const toast = useToast();
  const list = query.data;
  const setCreate = async (on: boolean) => {
    try {
      client.setQueryData(TAGS_KEY, await apiRequest<TagList>('PUT', '/api/tags/settings', { techniciansMayCreate: on }));
    } catch (e) {
      toast.show({ title: 'Error', description: tagErrorText(e), variant: 'destructive' });
    }
  };
  return (
    <div className="page tags-page">
      <h1>Tags</h1>
      <p className="muted">Tags are added to tickets on the Update Ticket panel. Renaming, merging or deleting a tag changes every ticket that has it.</p>
      {query.isError && (
        <p className="form-error" role="alert">
          {tagErrorText(query.error)}
        </p>
      )}
      {!list ? (
        !query.isError && <p className="muted">Loading tags...</p>
      ) : (
        <>
          <label className="tags-setting">
            <input type="checkbox" checked={list.techniciansMayCreate} onChange={(e) => void setCreate(e.target.checked)} /> Technicians may create tags
          </label>
          {list.tags.length === 0 ? (
            <p className="muted">No tags yet.</p>
          ) : (
            <table className="tags-table">
              <thead>
                <tr>
                  <th scope="col">Tag</th>
                  <th scope="col">Tickets</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.tags.map((t) => (
                  <TagRow key={t.id} tag={t} others={list.tags.filter((o) => o.id !== t.id)} onChanged={() => void client.invalidateQueries({ queryKey: TAGS_KEY })} />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
