import { messageResponseSchema } from '@benchside/contracts/accounts';
import { http } from '../../../lib/http.ts';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** `POST /api/reset-password`: e-mails a link to `/auth/reset-password?token=`. */
export async function requestPasswordReset(email: string): Promise<string> {
  const response = await http.post('/reset-password', { email, urlTo: RESET_PASSWORD_PATH });
  return messageResponseSchema.parse(response).message;
}

/** `POST /api/reset-password/reset/{token}`. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await http.post(`/reset-password/reset/${encodeURIComponent(token)}`, { newPassword });
}
