import type { Database } from '@benchside/db/database';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

/** The client's user agent as stored in sessions and the login history. */
export function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent']?.slice(0, 512) ?? '';
}

/** Writes one line of the user's login history. */
export async function recordLogin(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: string,
  success: boolean,
): Promise<void> {
  await db
    .insertInto('login_logs')
    .values({ user_id: userId, ip: request.ip, user_agent: userAgentOf(request), success })
    .execute();
}
