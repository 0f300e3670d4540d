import { useMutation } from '@tanstack/react-query';
import { VISIT_MSG } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { newIdempotencyKey } from '../../lib/ids';
import { useToast } from '../../lib/toast';
import { VISIT_TEXT } from './texts';

/**
 * "Resend report" (staff, online): POST /api/visits/:id/resend e-mails the service report to the
 * ticket's contact again. One click is one e-mail: each click has its own Idempotency-Key (a retried
 * request of that click queues nothing more), and the button is disabled while the request runs.
 */
export function ResendReport({ visitId }: { visitId: string }) {
  const toast = useToast();
  const resend = useMutation({
    mutationFn: (key: string) => apiRequest<{ message: string }>('POST', `/api/visits/${encodeURIComponent(visitId)}/resend`, {}, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (r) => toast.show({ title: VISIT_TEXT.resent, description: r.message || VISIT_MSG.reportResent }),
    onError: (e) => toast.show({ title: VISIT_TEXT.resendFailed, description: failureText(e, VISIT_TEXT.tryAgain), variant: 'destructive' }),
  });
  return (
    <button type="button" className="btn btn-outline" disabled={resend.isPending} onClick={() => resend.mutate(newIdempotencyKey())}>
      {resend.isPending ? VISIT_TEXT.resending : VISIT_TEXT.resend}
    </button>
  );
}
