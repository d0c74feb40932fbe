import {
  twoFactorHashBodySchema,
  twoFactorHashResponseSchema,
  twoFactorVerifyBodySchema,
} from '@benchside/contracts/accounts';
import { loginResponseSchema } from '@benchside/contracts/auth';
import type { App } from '@benchside/server/create-server';
import { BadRequestError } from '@benchside/server/errors';
import { checkCode, findLiveToken, issueChallenge } from '@benchside/server/one-time-tokens';
import { type AccountContext, LIMITS, mailUser, recordLogin } from './account-context.ts';

export const INVALID_CODE_MESSAGE = 'Invalid confirmation code';
export const NO_CHALLENGE_MESSAGE = 'Something went wrong, please try again.';

/** The second step of a sign-in with e-mail-code two-factor (spec §4 "Login"). */
export function registerTwoFactorRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;

  app.post(
    '/api/user-verify-code/add/',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new two-factor code; the old challenge dies and a new hash is returned',
        body: twoFactorHashBodySchema,
        response: { 200: twoFactorHashResponseSchema },
      },
    },
    async (request) => {
      await limiter.consume(LIMITS.mailIp, request.ip);
      const challenge = await findLiveToken(db, 'two_factor', request.body.hash);
      if (!challenge) throw new BadRequestError(NO_CHALLENGE_MESSAGE);
      await limiter.consume(LIMITS.mailRecipient, `code:${challenge.user_id}`);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', challenge.user_id)
        .executeTakeFirstOrThrow();
      const renewed = await issueChallenge(db, { userId: user.id });
      await mailUser(db, user, { kind: 'twoFactorCode', code: renewed.code });
      return { hash: renewed.secret };
    },
  );

  app.post(
    '/api/user-verify-code/verify/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the e-mailed code: signs in with a new session',
        description: 'At most 5 wrong codes per challenge; codes expire after 10 minutes and work once.',
        body: twoFactorVerifyBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume(LIMITS.codeIp, request.ip);
      const check = await checkCode(db, request.body.hash, request.body.code);
      if (!check.accepted) {
        if (check.userId) await recordLogin(db, request, check.userId, false);
        throw new BadRequestError(INVALID_CODE_MESSAGE);
      }
      await app.sessions.start(request, reply, check.userId);
      await recordLogin(db, request, check.userId, true);
      return { '2fa': false as const };
    },
  );
}
