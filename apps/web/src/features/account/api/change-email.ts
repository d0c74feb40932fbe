import { changeEmailConfirmResponseSchema, messageResponseSchema } from '@benchside/contracts/accounts';
import { http } from '../../../lib/http.ts';

export const CHANGE_EMAIL_PATH = '/account/change-email';
export const CONFIRM_EMAIL_PATH = '/account/confirm-email';

/** `POST /api/change-email`: the current address receives link A to `/account/change-email`. */
export async function requestEmailChange(newEmail: string, password: string): Promise<string> {
  const response = await http.post('/change-email', { newEmail, password, urlTo: CHANGE_EMAIL_PATH });
  return messageResponseSchema.parse(response).message;
}

/** `POST /api/change-email/confirm` (link A): the new address receives link B to `/account/confirm-email`. */
export async function confirmEmailChange(token: string): Promise<{ message: string; newEmail: string }> {
  const response = await http.post('/change-email/confirm', { token, urlTo: CONFIRM_EMAIL_PATH });
  return changeEmailConfirmResponseSchema.parse(response);
}

/** `POST /api/change-email/change` (link B): the address changes. */
export async function completeEmailChange(token: string): Promise<string> {
  const response = await http.post('/change-email/change', { token });
  return messageResponseSchema.parse(response).message;
}
