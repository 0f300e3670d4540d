import { useEffect, useState } from 'react';
import type { SurveyInvitation } from '@portal/shared';
import { apiGet } from '../../../lib/api';

/** The link check's state: `isPending` until the server answered or failed. */
export interface InvitationState {
  data: SurveyInvitation | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * GET /api/surveys/invitation?ticket=&token= -> SurveyInvitation: is this e-mailed link
 * usable, and was it answered already? Reading it records nothing on the server. Errors: ApiError 404
 * ('Survey Not Found' text) or a network TypeError (no signal: the page still shows the form and
 * queues the answer). Not asked without a ticket number (pending then). Asked again when the ticket
 * or token changes. A plain hook, not TanStack Query: /survey must be usable before the query cache
 * loads (lib/queries.tsx).
 */
export function useSurveyInvitation(ticket: string, token: string): InvitationState {
  const [state, setState] = useState<InvitationState & { key: string }>({ key: '', data: undefined, error: undefined, isPending: true });
  const key = `${ticket}\n${token}`;
  useEffect(() => {
    if (ticket === '') return;
    const controller = new AbortController();
    apiGet<SurveyInvitation>(`/api/surveys/invitation?${new URLSearchParams({ ticket, token })}`, { signal: controller.signal }).then(
      (data) => setState({ key, data, error: undefined, isPending: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, data: undefined, error, isPending: false });
      },
    );
    return () => controller.abort();
  }, [key, ticket, token]);
  return state.key === key ? state : { data: undefined, error: undefined, isPending: true };
}
