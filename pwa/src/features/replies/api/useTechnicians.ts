import { useQuery } from '@tanstack/react-query';
import type { Technician } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { TECHNICIANS_KEY } from './keys';

/** GET /api/technicians: who a macro or template may assign. */
export function useTechnicians() {
  return useQuery<Technician[]>({ queryKey: TECHNICIANS_KEY, queryFn: ({ signal }) => apiGet<Technician[]>('/api/technicians', { signal }), staleTime: 60_000 });
}
