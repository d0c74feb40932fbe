import {
  twoFactorHashBodySchema,
  twoFactorHashResponseSchema,
  twoFactorVerifyBodySchema,
} from '@benchside/contracts/accounts';
import { loginResponseSchema } from '@benchside/contracts/auth';
import type { User } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { BadRequestError } from '@benchside/server/errors';
import { checkCode, findLiveToken, issueChallenge } from '@benchside/server/one-time-tokens';
import type { AccountContext } from './account-context.ts';
import { mailUser } from './account-mail.ts';
import { LIMITS } from './limits.ts';
import { recordLogin } from './login-history.ts';

export const INVALID_CODE_MESSAGE = 'Invalid confirmation code';
export const NO_CHALLENGE_MESSAGE = 'Something went wrong, please try again.';

/**
 * Starts a new challenge and mails its code (a sign-in or a resend) and returns the challenge's
 * hash. Refused while the account's code sign-in is locked out, and past the account's code mails
 * per window, whichever address asks.
 */
export async function mailNewChallenge(context: AccountContext, user: User): Promise<string> {
  await context.limiter.assertOpen(LIMITS.codeAccount, user.id);
  await context.limiter.consume(LIMITS.mailRecipient, `code:${user.id}`);
  const challenge = await issueChallenge(context.db, { userId: user.id });
  await mailUser(context.db, user, { kind: 'twoFactorCode', code: challenge.code });
  return challenge.secret;
}

/** The second step of a sign-in with e-mail-code two-factor (spec §4 "Login"). */
export function registerTwoFactorRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;
  const findUser = (id: string) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  app.post(
    '/api/user-verify-code/add/',
    {
      config: { rateLimit: LIMITS.mailIp },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new two-factor code; the old challenge dies and a new hash is returned',
        body: twoFactorHashBodySchema,
        response: { 200: twoFactorHashResponseSchema },
      },
    },
    async (request) => {
      const challenge = await findLiveToken(db, 'two_factor', request.body.hash);
      if (!challenge) throw new BadRequestError(NO_CHALLENGE_MESSAGE);
      const user = await findUser(challenge.user_id);
      return { hash: await mailNewChallenge(context, user) };
    },
  );

  app.post(
    '/api/user-verify-code/verify/',
    {
      config: { rateLimit: LIMITS.codeIp },
      schema: {
        tags: ['auth'],
        summary: 'Check the e-mailed code: signs in with a new session',
        description:
          'At most 5 wrong codes per challenge and 10 per account and hour (then 429 with Retry-After, and the owner is warned by e-mail); codes expire after 10 minutes and work once.',
        body: twoFactorVerifyBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const challenge = await findLiveToken(db, 'two_factor', request.body.hash);
      if (!challenge) throw new BadRequestError(INVALID_CODE_MESSAGE);
      // Counted before the comparison, so a parallel burst cannot get past the limit; a right code
      // takes its hit back, leaving the counter a count of wrong codes.
      const attempts = await limiter.consume(LIMITS.codeAccount, challenge.user_id);
      const check = await checkCode(db, request.body.hash, request.body.code);
      if (!check.accepted) {
        if (check.userId) await recordLogin(db, request, check.userId, false);
        // Exactly one request fills the window, so the owner hears of each lock-out once.
        if (attempts === LIMITS.codeAccount.limit) {
          await mailUser(db, await findUser(challenge.user_id), { kind: 'twoFactorLocked' });
        }
        throw new BadRequestError(INVALID_CODE_MESSAGE);
      }
      await limiter.refund(LIMITS.codeAccount, check.userId);
      await app.sessions.start(request, reply, check.userId);
      await recordLogin(db, request, check.userId, true);
      return { '2fa': false as const };
    },
  );
}
