/**
 * The key answers are filed under: the ticket number as the server compares it (trimmed, upper
 * case). Its own module without imports, so the survey page can use it before the offline engine
 * has loaded (issue 16).
 */
export const surveyEntity = (ticketNumber: string) => ticketNumber.trim().toUpperCase();
