import { isApiError } from '../../lib/api';
import { USERS_TEXT } from './texts';

/** The toast text of a failed request: the server's message, a network hint, or 'Please try again.'. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? USERS_TEXT.tryAgain;
  if (error instanceof TypeError) return USERS_TEXT.offline;
  return USERS_TEXT.tryAgain;
}
