/**
 * The survey's questions and rating scale (SPEC.md 2 "Survey", 9), what the /survey page
 * shows at first paint, and how surveys compare ticket numbers. Its own module without zod, and
 * apart from constants.ts (which every page's entry chunk holds), so it is loaded only with the
 * survey screens.
 */

/** Rating scale and labels (SPEC.md 2 "Survey"). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS: Record<number, string> = {
  1: 'Very Poor',
  2: 'Poor',
  3: 'Average',
  4: 'Good',
  5: 'Excellent',
};

/** The four rated survey questions, in the order the survey and the dashboard show them. */
export const SURVEY_QUESTIONS = ['overallRating', 'technicianRating', 'responseTimeRating', 'resolutionRating'] as const;
export type SurveyQuestion = (typeof SURVEY_QUESTIONS)[number];

/** The question texts of the survey page (SPEC.md 2: overall experience, technician, response time, resolution). */
export const SURVEY_QUESTION_LABELS: Record<SurveyQuestion, string> = {
  overallRating: 'How would you rate your overall experience?',
  technicianRating: "How would you rate our technician's knowledge and helpfulness?",
  responseTimeRating: 'How would you rate our response time?',
  resolutionRating: 'How satisfied are you with the resolution of your issue?',
};

/** Short names of the survey questions for the dashboard (tiles, tables, charts). */
export const SURVEY_QUESTION_NAMES: Record<SurveyQuestion, string> = {
  overallRating: 'Overall',
  technicianRating: 'Technician',
  responseTimeRating: 'Response Time',
  resolutionRating: 'Resolution',
};

/** Longest accepted survey comment or suggestion, in characters. */
export const SURVEY_TEXT_MAX = 5000;

/**
 * A ticket number as surveys compare it (trimmed, upper case): the server matches a link's ticket
 * this way, and the PWA files queued answers under it.
 */
export const surveyTicketKey = (ticketNumber: string) => ticketNumber.trim().toUpperCase();

/**
 * Texts of "Send me the survey link" on 'Survey Not Found' (docs/surveys.md "Lost survey link";
 * tests find elements by them). The answer is the same for every ticket number, whether or not a
 * link was sent, so it tells nobody which tickets exist or have a survey waiting.
 */
export const SURVEY_RESEND_TEXT = {
  button: 'Send me the survey link',
  sending: 'Sending...',
  answer: "If this ticket has a survey waiting, we've sent its link to the contact on file.",
} as const;
