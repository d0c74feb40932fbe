import type { TFunction } from 'i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { HelperError } from '../../lib/helper-client.ts';
import { type FailureText, helperFailureDetails } from '../../lib/helper-failure.ts';

/**
 * A failed card action in the user's language: the portal's refusal as the catalogue words it;
 * the helper's, whose reader messages are technical English, as one sentence with them folded away.
 */
export function cardFailure(t: TFunction, failure: unknown): FailureText {
  if (failure instanceof HelperError) {
    return { message: t('cards.helperFailed'), details: helperFailureDetails(failure) };
  }
  return {
    message: apiErrorMessage(t, failure, 'Something went wrong, please try again later.'),
    details: null,
  };
}
