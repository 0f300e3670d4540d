import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Ticket, type TicketPatch, type TicketPatchResult } from '@portal/shared';
import { apiRequest, isApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';
import { TICKETS_KEY, ticketUpdatesKey } from './keys';

export interface UpdateTicketVariables {
  id: string;
  patch: TicketPatch;
}

/**
 * PATCH /api/tickets/{id} with the body from buildTicketPatch and a fresh `Idempotency-Key` per
 * submit (DESIGN.md 4) -> `{ ticket, updates }`. On success the cached ticket is replaced and the
 * ticket list and its work history are refetched; on 409 (someone else changed the same field)
 * the list is refetched so the panel shows the server's values. Errors: ApiError or TypeError.
 */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation<TicketPatchResult, Error, UpdateTicketVariables>({
    mutationFn: ({ id, patch }) =>
      apiRequest<TicketPatchResult>('PATCH', `/api/tickets/${encodeURIComponent(id)}`, patch, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
    onSuccess: (result, { id }) => {
      if (result?.ticket) {
        queryClient.setQueryData<Ticket[]>(TICKETS_KEY, (list) => list?.map((t) => (t.id === id ? result.ticket : t)));
      }
      void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
      void queryClient.invalidateQueries({ queryKey: ticketUpdatesKey(id) });
    },
    onError: (error) => {
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
  });
}
