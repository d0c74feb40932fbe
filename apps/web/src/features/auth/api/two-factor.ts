import { twoFactorHashResponseSchema } from '@benchside/contracts/accounts';
import { http } from '../../../lib/http.ts';

/** `POST /api/user-verify-code/add/`: e-mails a new code; the answer's hash replaces the old one. */
export async function resendTwoFactorCode(hash: string): Promise<string> {
  const response = await http.post('/user-verify-code/add/', { hash });
  return twoFactorHashResponseSchema.parse(response).hash;
}

/** `POST /api/user-verify-code/verify/`: a right code starts the session (cookie). */
export async function verifyTwoFactorCode(code: string, hash: string): Promise<void> {
  await http.post('/user-verify-code/verify/', { code, hash });
}
