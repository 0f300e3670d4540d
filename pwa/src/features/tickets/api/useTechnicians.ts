import { useQuery } from '@tanstack/react-query';
import type { Technician } from '@portal/shared';
import { TECHNICIANS_KEY } from './keys';

/** GET /api/technicians -> `{ id, username }[]`: users who may be assigned tickets (SPEC.md 6). */
export function useTechnicians() {
  return useQuery<Technician[]>({ queryKey: TECHNICIANS_KEY });
}
