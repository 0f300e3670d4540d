/**
 * The survey page's texts (SPEC.md 2 "Survey", 8), also in MSG (messages.ts). A module of their own,
 * so /survey loads these instead of every message (the public-route JavaScript budget).
 */
export const SURVEY_MSG = {
  surveyNotFound: 'This survey link appears to be invalid or has expired. Please contact support if you need assistance.',
  surveyAlreadySubmitted: 'Feedback for this ticket has already been submitted. Thank you!',
  surveySubmitFailed: 'Failed to submit survey. Please try again.',
  surveySubmitted: 'Your feedback has been submitted successfully.',
} as const;
