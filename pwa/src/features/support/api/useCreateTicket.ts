import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type TicketCreate, type TicketCreated } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';

/**
 * POST /api/tickets (SPEC.md 7) -> `{ id, ticketNumber, createdAt }`.
 *
 * Every submission carries an `Idempotency-Key` (DESIGN.md 4). The key is made once per
 * submission and reused when the same values are sent again after a failure (e.g. the answer was
 * lost on a bad connection), so a retry never creates a second ticket; different values or a
 * success start a new key. Errors are ApiError (400 carries fieldErrors) or a network TypeError.
 */
export function useCreateTicket() {
  const attempt = useRef<{ payload: string; key: string } | null>(null);

  return useMutation<TicketCreated, Error, TicketCreate>({
    mutationFn: (ticket) => {
      const payload = JSON.stringify(ticket);
      if (attempt.current?.payload !== payload) attempt.current = { payload, key: newIdempotencyKey() };
      return apiRequest<TicketCreated>('POST', '/api/tickets', ticket, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key },
      });
    },
    onSuccess: () => {
      attempt.current = null;
    },
  });
}
