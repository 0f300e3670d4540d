import { useQuery } from '@tanstack/react-query';
import type { ChecklistTemplate } from '@portal/shared';
import { apiGet } from '../../../lib/api';

const URL = '/api/checklist-templates';

/**
 * GET /api/checklist-templates: the admin's named checklists, offered by the macro and ticket
 * template forms' 'Insert a checklist template' (issue 52 item 2). Undefined while loading or when
 * refused; the forms then simply offer none.
 */
export function useChecklistTemplates() {
  return useQuery<ChecklistTemplate[]>({ queryKey: [URL], queryFn: ({ signal }) => apiGet(URL, { signal }), staleTime: 60_000 }).data;
}
