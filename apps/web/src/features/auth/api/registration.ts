import { messageResponseSchema, type RegistrationBody } from '@benchside/contracts/accounts';
import { http } from '../../../lib/http.ts';

export const VERIFY_EMAIL_PATH = '/auth/verify-email';

/** `POST /api/register`: creates the account and e-mails a link to `/auth/verify-email`. */
export async function register(body: RegistrationBody): Promise<string> {
  const response = await http.post('/register', { ...body, urlTo: VERIFY_EMAIL_PATH });
  return messageResponseSchema.parse(response).message;
}

/** `POST /api/new-verify/email`: e-mails a fresh verification link. */
export async function resendVerificationEmail(email: string): Promise<string> {
  const response = await http.post('/new-verify/email', { email, urlTo: VERIFY_EMAIL_PATH });
  return messageResponseSchema.parse(response).message;
}

/** `GET /api/verify/email` with the query of the e-mailed link, passed on as it came. */
export async function verifyEmail(search: string): Promise<string> {
  const query = Object.fromEntries(new URLSearchParams(search));
  const response = await http.get('/verify/email', { query });
  return messageResponseSchema.parse(response).message;
}
