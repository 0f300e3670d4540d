import type { Technician } from '@portal/shared';
import { useCachedTechnicians } from '../../../offline/hooks';

/**
 * GET /api/technicians -> `{ id, username }[]` (SPEC.md 6), as last pulled into IndexedDB, so the
 * assignee picker works offline. `undefined` while reading.
 */
export function useTechnicians(): Technician[] | undefined {
  return useCachedTechnicians();
}
