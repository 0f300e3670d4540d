/**
 * The steps of the phone close-out (issue 54 item 5: "work, parts, time, photos, signature, review";
 * docs/visits.md "Phone flow"). Below 768 px the form shows one step at a time with Back and Next;
 * wider screens show every section at once. The current step is a form value, so the draft keeps it
 * across a killed browser. Pure (closeOutSteps.test.ts).
 */
/** The screens that show one step at a time (visits.css has the same width). */
export const PHONE_STEPS = '(max-width: 767px)';

export const CLOSE_OUT_STEPS = ['work', 'parts', 'time', 'photos', 'signature', 'review'] as const;
export type CloseOutStep = (typeof CLOSE_OUT_STEPS)[number];

/** The title of each step in the step indicator ("Step 2 of 6: Parts"). */
export const STEP_TITLE: Record<CloseOutStep, string> = { work: 'Work', parts: 'Parts', time: 'Time', photos: 'Photos', signature: 'Signature', review: 'Review' };

/** A stored step name as a step (an unknown one, e.g. from an old draft, is the first). */
export const asStep = (s: unknown): CloseOutStep => (CLOSE_OUT_STEPS.includes(s as CloseOutStep) ? (s as CloseOutStep) : 'work');

/** The step `by` steps away from `step`, kept within the first and the last. */
export function moveStep(step: unknown, by: number): CloseOutStep {
  const i = CLOSE_OUT_STEPS.indexOf(asStep(step)) + by;
  return CLOSE_OUT_STEPS[Math.min(CLOSE_OUT_STEPS.length - 1, Math.max(0, i))]!;
}

/**
 * The step holding the field of an error key from `buildCloseOut` (`parts.0.quantity`, `signerName`,
 * ...), so a refused Close out shows the field with its message.
 */
export function stepOfError(key: string): CloseOutStep {
  const field = key.split('.')[0]!;
  if (field === 'parts') return 'parts';
  if (field === 'minutes' || field === 'billable') return 'time';
  if (field === 'signerName' || field === 'signature' || field === 'signatureUploadId') return 'signature';
  if (field === 'photoUploadIds') return 'photos';
  if (field === 'arrivedAt' || field === 'departedAt' || field === 'workDone') return 'work';
  return 'review';
}
