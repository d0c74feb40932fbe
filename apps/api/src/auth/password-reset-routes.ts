import {
  emailWithLinkBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
} from '@benchside/contracts/accounts';
import type { App } from '@benchside/server/create-server';
import { BadRequestError } from '@benchside/server/errors';
import { consumeToken, findLiveToken, issueToken } from '@benchside/server/one-time-tokens';
import { hashPassword } from '@benchside/server/passwords';
import { z } from 'zod';
import { dropUnprovenSocialLinks } from '../social/store.ts';
import type { AccountContext } from './account-context.ts';
import { mailUser } from './account-mail.ts';
import { LIMITS } from './limits.ts';
import { findUserByEmail } from './user-lookup.ts';

export const RESET_SENT_MESSAGE = 'Sent password reset. Please check your email';
export const RESET_DONE_MESSAGE = 'Your password was successfully reset.';
export const RESET_LINK_INVALID_MESSAGE =
  'The reset password link is invalid. Please try to reset your password again.';

/** Forgot and reset password (spec §2, §8). */
export function registerPasswordResetRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;

  app.post(
    '/api/reset-password',
    {
      config: { rateLimit: LIMITS.mailIp },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (valid 30 minutes)',
        description: 'Answers the same whether or not an account has this address.',
        body: emailWithLinkBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limiter.consume(LIMITS.mailRecipient, `reset:${request.body.email.toLowerCase()}`);
      const user = await findUserByEmail(db, request.body.email);
      if (user) {
        // Queued, never sent here: a slow or failing mail server cannot tell a known address apart.
        const token = await issueToken(db, { userId: user.id, kind: 'reset_password' });
        await mailUser(db, user, { kind: 'resetPassword', token, path: request.body.urlTo });
      }
      return { message: RESET_SENT_MESSAGE };
    },
  );

  app.post(
    '/api/reset-password/reset/:token',
    {
      config: { secretInPath: true, rateLimit: LIMITS.resetIp },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed token; every session of the account ends',
        description:
          '400 for an invalid or used link; 429 with Retry-After past 20 tries per address and 15 minutes.',
        params: z.object({ token: z.string().min(1).max(200) }),
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      // The link is looked up before the new password is hashed, so a bogus one costs a query, not
      // 128 MiB of scrypt; it is used up only below, as a parallel reset may have used it meanwhile.
      const live = await findLiveToken(db, 'reset_password', request.params.token);
      if (!live) throw new BadRequestError(RESET_LINK_INVALID_MESSAGE);
      const passwordHash = await hashPassword(request.body.newPassword);
      const userId = await db.transaction().execute(async (trx) => {
        const token = await consumeToken(trx, 'reset_password', request.params.token);
        if (!token) throw new BadRequestError(RESET_LINK_INVALID_MESSAGE);
        await dropUnprovenSocialLinks(trx, token.user_id);
        // The link reached the mailbox, which is all a verification link would prove.
        const user = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, is_verified: true, updated_at: new Date() })
          .where('id', '=', token.user_id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // Queued in the transaction: the notice goes out exactly when the password changed.
        await mailUser(trx, user, { kind: 'passwordChanged' });
        return user.id;
      });
      await app.sessions.endAllOf(userId);
      return { message: RESET_DONE_MESSAGE };
    },
  );
}
