/**
 * Survey presenter: the one mapping of a satisfaction_surveys row to the shared API type,
 * used by the routes and by the bad-rating notification.
 */
import type { SurveyResponse } from '@portal/shared';
import type { SurveyRow } from './repository';

/** Hours rounded to 1 decimal (SPEC.md 9), null kept. */
export const roundHours = (h: number | null): number | null => (h === null ? null : Math.round(h * 10) / 10);

/** Row -> SurveyResponse (ISO time, resolution time rounded to 1 decimal). */
export function toSurveyResponse(r: SurveyRow): SurveyResponse {
  return {
    id: r.id,
    ticketId: r.ticketId,
    ticketNumber: r.ticketNumber,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    assignedTechnicianId: r.assignedTechnicianId,
    assignedTechnicianName: r.assignedTechnicianName,
    resolutionTimeHours: roundHours(r.resolutionTimeHours),
    overallRating: r.overallRating,
    technicianRating: r.technicianRating,
    responseTimeRating: r.responseTimeRating,
    resolutionRating: r.resolutionRating,
    comments: r.comments,
    improvements: r.improvements,
    createdAt: r.createdAt.toISOString(),
  };
}
