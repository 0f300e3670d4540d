import { isApiError } from '../api';

/** true when `e` is the API's 403 `step_up_required` ("Confirm it's you"). */
export function isStepUpRequired(e: unknown): boolean {
  return isApiError(e, 403) && e.errorBody?.code === 'step_up_required';
}

/** The user closed "Confirm it's you" without confirming: the action did not happen (no error toast). */
export class StepUpCancelled extends Error {
  constructor() {
    super('step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}
