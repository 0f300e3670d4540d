import { useQuery } from '@tanstack/react-query';
import type { SurveyInvitation } from '@portal/shared';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/surveys/invitation?ticket=&token= -> SurveyInvitation: is this e-mailed link
 * usable, and was it answered already? Reading it records nothing on the server. Errors: ApiError 404
 * ('Survey Not Found' text) or a network TypeError (no signal: the page still shows the form and
 * queues the answer). Disabled without a ticket number.
 */
export function useSurveyInvitation(ticket: string, token: string) {
  return useQuery<SurveyInvitation>({
    queryKey: ['/api/surveys/invitation', { ticket, token }],
    queryFn: ({ signal }) => apiGet<SurveyInvitation>(`/api/surveys/invitation?${new URLSearchParams({ ticket, token })}`, { signal }),
    enabled: ticket !== '',
  });
}
