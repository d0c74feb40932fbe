import type { SocialAuthBody, SocialAuthResponse } from '@benchside/contracts/social-auth';
import { http } from '../../../lib/http.ts';

/** `POST /api/social-auth`: signs in, asks for the two-factor code, or says a confirmation link went out. */
export async function socialAuth(body: SocialAuthBody): Promise<SocialAuthResponse> {
  const response = await http.post('/social-auth', body);
  const { socialAuthResponseSchema } = await import('@benchside/contracts/social-auth');
  return socialAuthResponseSchema.parse(response);
}
