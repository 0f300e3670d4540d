import { queryRoots } from '../../../lib/ui/ServerConnection';

/** The recurring tickets routes (docs/api.md "Recurring tickets"). */
export const RECURRING_URL = '/api/recurring-tickets';
export const TEMPLATES_URL = '/api/checklist-templates';
export const TECHNICIANS_URL = '/api/technicians';

export const schedulesKey = [RECURRING_URL] as const;
export const scheduleKey = (id: string) => [RECURRING_URL, id] as const;
export const templatesKey = [TEMPLATES_URL] as const;
export const techniciansKey = [TECHNICIANS_URL] as const;

/** The queries of the Recurring Tickets screen (its connection notice's 'as of'). */
export const isRecurringScreenQuery = queryRoots(RECURRING_URL, TEMPLATES_URL, TECHNICIANS_URL);
