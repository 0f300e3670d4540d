import type { z } from 'zod';

/** The first message per top-level field of a failed parse (`actions.comment.text` -> 'actions.comment.text'), and the form's own (''). */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}
