import {
  currentUserSchema,
  type LoginResponse,
  loginBodySchema,
  loginResponseSchema,
} from '@benchside/contracts/auth';
import type { User } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { toCurrentUser } from '@benchside/server/current-user';
import { BadRequestError } from '@benchside/server/errors';
import { verifyPasswordOrDummy } from '@benchside/server/passwords';
import { registerSignedInRoutes } from '@benchside/server/sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountContext } from './account-context.ts';
import { LIMITS } from './limits.ts';
import { recordLogin } from './login-history.ts';
import { mailNewChallenge } from './two-factor-routes.ts';
import { findUserByLogin } from './user-lookup.ts';

export const LOGIN_FAILED_MESSAGE = 'The login detail is incorrect';
export const NOT_VERIFIED_MESSAGE = 'Your account is not verified. Please check your email.';

/**
 * The end of every sign-in once the user is known and verified (password or social): the e-mailed
 * code when two-factor is on, else a new session and a line in the login history.
 */
export async function startSignIn(
  app: App,
  context: AccountContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<LoginResponse> {
  if (user.user_portal_2fa) {
    // No session yet: it starts once the e-mailed code is accepted.
    return { '2fa': true, hash: await mailNewChallenge(context, user) };
  }
  await app.sessions.start(request, reply, user.id);
  await recordLogin(context.db, request, user.id, true);
  return { '2fa': false };
}

/** Sign-in, sign-out and the current user (spec §7 "Authentication and account"). */
export function registerAuthRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;

  app.post(
    '/api/login',
    {
      config: { rateLimit: LIMITS.loginIp },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a username or e-mail and a password',
        description:
          'Answers {"2fa": false} with a new session, or {"2fa": true, hash} without one when the user has e-mail-code two-factor on (the code is e-mailed). 400 for a wrong login, 429 with Retry-After when rate limited.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await findUserByLogin(db, request.body.username);
      // Username, e-mail and their case variants all count against the same account.
      await limiter.consume(LIMITS.loginAccount, user?.id ?? request.body.username.toLowerCase());
      // The password is checked (or a dummy one, for unknown users) before anything else is revealed.
      const passwordMatches = await verifyPasswordOrDummy(request.body.password, user?.password_hash);
      if (!user || !passwordMatches) {
        if (user) await recordLogin(db, request, user.id, false);
        throw new BadRequestError(LOGIN_FAILED_MESSAGE);
      }
      await limiter.reset(LIMITS.loginAccount, user.id);
      await limiter.refund(LIMITS.loginIp, request.ip);
      if (!user.is_verified) {
        await recordLogin(db, request, user.id, false);
        throw new BadRequestError(NOT_VERIFIED_MESSAGE, { fields: { isVerified: false } });
      }
      return startSignIn(app, context, request, reply, user);
    },
  );

  app.get(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session ends on the server and the cookie is cleared',
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return reply.code(204).send();
    },
  );

  registerSignedInRoutes(app, (signedIn) => {
    signedIn.get(
      '/api/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; 401 when signed out',
          security: [{ session: [] }],
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        return toCurrentUser(request.user);
      },
    );
  });
}
