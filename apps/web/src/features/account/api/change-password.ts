import { messageResponseSchema } from '@benchside/contracts/accounts';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionsQueryKey } from './sessions.ts';

/** `POST /api/users/change-password`: a wrong current password is a 400, and other sessions end. */
export async function changePassword(password: string, newPassword: string): Promise<string> {
  const response = await http.post('/users/change-password', { password, newPassword });
  await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  return messageResponseSchema.parse(response).message;
}
