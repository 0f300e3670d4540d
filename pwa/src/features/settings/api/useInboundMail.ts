import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboundActionResult, InboundFailure, InboundMailStatus } from '@portal/shared';
import { apiRequest } from '../../../lib/api';

/** Query keys of the inbound mail section (the default query function joins them into the URL). */
export const INBOUND_STATUS_KEY = ['/api/settings/inbound-mail'] as const;
export const INBOUND_FAILURES_KEY = ['/api/settings/inbound-mail/failures'] as const;

/** GET /api/settings/inbound-mail -> InboundMailStatus (admin; the answering process's view). */
export function useInboundStatus() {
  return useQuery<InboundMailStatus>({ queryKey: INBOUND_STATUS_KEY, refetchOnMount: 'always' });
}

/** GET /api/settings/inbound-mail/failures -> `{ failures }` newest first (admin). */
export function useInboundFailures() {
  return useQuery<{ failures: InboundFailure[] }>({ queryKey: INBOUND_FAILURES_KEY, refetchOnMount: 'always' });
}

/**
 * The section's actions (admin): 'test' (POST .../test), 'retry' and 'delete' of one failure by id.
 * Answers InboundActionResult (delete: undefined); the status and the list are refetched after each.
 * Errors: ApiError (400 not kept, 404 gone) or a network TypeError.
 */
export function useInboundAction() {
  const queryClient = useQueryClient();
  return useMutation<InboundActionResult | undefined, Error, { action: 'test' } | { action: 'retry' | 'delete'; id: string }>({
    mutationFn: (a) =>
      a.action === 'test'
        ? apiRequest<InboundActionResult>('POST', '/api/settings/inbound-mail/test', {})
        : a.action === 'retry'
          ? apiRequest<InboundActionResult>('POST', `/api/settings/inbound-mail/failures/${a.id}/retry`, {})
          : apiRequest<undefined>('DELETE', `/api/settings/inbound-mail/failures/${a.id}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: INBOUND_STATUS_KEY });
      await queryClient.invalidateQueries({ queryKey: INBOUND_FAILURES_KEY });
    },
  });
}
