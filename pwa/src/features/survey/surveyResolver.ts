import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { surveySubmitSchema, type SurveyQuestion, type SurveySubmit } from '@portal/shared';

/** What the form holds: 0 = not rated yet. */
export type SurveyFormValues = Record<SurveyQuestion, number> & { ticketNumber: string; token: string; comments: string; improvements: string };

/**
 * The survey form's validation: the shared schema, exactly like the API (SPEC.md 5, DESIGN.md 2).
 * Its own module so zod loads after the form is usable (SurveyForm's lazy resolver).
 */
export const surveyResolver = zodResolver(surveySubmitSchema) as unknown as Resolver<SurveyFormValues, unknown, SurveySubmit>;
