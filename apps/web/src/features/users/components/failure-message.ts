import { USER_MESSAGES } from '@centric/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';

/** The server's message for a refused request; spec §8's generic text when the server itself failed. */
export const failureMessage = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500
    ? errorMessage(error)
    : USER_MESSAGES.somethingWentWrong;
