import type { LoginBody, LoginResponse } from '@benchside/contracts/auth';
import { http } from '../../../lib/http.ts';

/** `POST /api/login`: either a session cookie (`2fa: false`) or a pending two-factor hash. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await http.post('/login', body);
  const { loginResponseSchema } = await import('@benchside/contracts/auth');
  return loginResponseSchema.parse(response);
}
