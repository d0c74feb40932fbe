import {
  changeEmailBodySchema,
  changeEmailChangeBodySchema,
  changeEmailConfirmBodySchema,
  changeEmailConfirmResponseSchema,
  messageResponseSchema,
} from '@benchside/contracts/accounts';
import { isUniqueViolation } from '@benchside/db/unique-violation';
import type { App } from '@benchside/server/create-server';
import { BadRequestError, ValidationError } from '@benchside/server/errors';
import { consumeToken, issueToken } from '@benchside/server/one-time-tokens';
import { registerSignedInRoutes } from '@benchside/server/sessions';
import type { AccountContext } from '../auth/account-context.ts';
import { mailUser } from '../auth/account-mail.ts';
import { LIMITS } from '../auth/limits.ts';
import { findUserByEmail } from '../auth/user-lookup.ts';
import { checkCurrentPassword } from './profile-routes.ts';

export const CHANGE_EMAIL_STARTED_MESSAGE = 'We sent a confirmation link to your current email address.';
export const CHANGE_EMAIL_CONFIRMED_MESSAGE = 'A confirmation link was sent to your new email address.';
export const EMAIL_CHANGED_MESSAGE = 'You have successfully changed your email address';
export const CHANGE_EMAIL_LINK_INVALID_MESSAGE = 'The email change link is invalid or has expired.';
export const SAME_EMAIL_MESSAGE = 'This is already your email address';

/**
 * Change of e-mail in three calls (spec §2 /account/change-email and /account/confirm-email): the
 * current address approves with link A, the new address proves itself with link B, then the
 * address changes and the old one gets a notice. Whether the new address belongs to someone else is
 * never told: the answers stay the same and nothing is sent to that address.
 */
export function registerChangeEmailRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;

  registerSignedInRoutes(app, (signedIn) => {
    signedIn.post(
      '/api/change-email',
      {
        schema: {
          tags: ['account'],
          summary: 'Ask to change the e-mail address: a link goes to the current address',
          description: 'A wrong password is a 400 with a violation on `password`, never a 401.',
          security: [{ session: [] }],
          body: changeEmailBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const user = request.user;
        const { newEmail, password, urlTo } = request.body;
        await limiter.consume(LIMITS.mailIp, request.ip);
        await limiter.consume(LIMITS.mailRecipient, `change-email:${user.id}`);
        await checkCurrentPassword(context, user, password);
        if (newEmail.toLowerCase() === user.email.toLowerCase()) {
          throw new ValidationError(SAME_EMAIL_MESSAGE, {
            violations: [{ propertyPath: 'newEmail', message: SAME_EMAIL_MESSAGE }],
          });
        }
        const token = await issueToken(db, { userId: user.id, kind: 'change_email', newEmail });
        await mailUser(db, user, { kind: 'changeEmail', token, newEmail, path: urlTo });
        return { message: CHANGE_EMAIL_STARTED_MESSAGE };
      },
    );
  });

  app.post(
    '/api/change-email/confirm',
    {
      config: { rateLimit: LIMITS.mailIp },
      schema: {
        tags: ['account'],
        summary: 'Open link A (from the current address): a link B goes to the new address',
        description: 'Needs no session: the link is the proof.',
        body: changeEmailConfirmBodySchema,
        response: { 200: changeEmailConfirmResponseSchema },
      },
    },
    async (request) => {
      const newEmail = await db.transaction().execute(async (trx) => {
        const approval = await consumeToken(trx, 'change_email', request.body.token);
        if (!approval?.new_email) throw new BadRequestError(CHANGE_EMAIL_LINK_INVALID_MESSAGE);
        const taken = await findUserByEmail(trx, approval.new_email);
        if (!taken) {
          const user = await trx
            .selectFrom('users')
            .selectAll()
            .where('id', '=', approval.user_id)
            .executeTakeFirstOrThrow();
          const token = await issueToken(trx, {
            userId: user.id,
            kind: 'confirm_email',
            newEmail: approval.new_email,
          });
          // Queued with link B's token: a rollback leaves link A usable and sends nothing.
          await mailUser(
            trx,
            user,
            { kind: 'confirmEmail', token, newEmail: approval.new_email, path: request.body.urlTo },
            approval.new_email,
          );
        }
        return approval.new_email;
      });
      return { message: CHANGE_EMAIL_CONFIRMED_MESSAGE, newEmail };
    },
  );

  app.post(
    '/api/change-email/change',
    {
      schema: {
        tags: ['account'],
        summary: 'Open link B (from the new address): the e-mail address changes',
        description: 'Needs no session (a signed-in caller is fine too): the link is the proof.',
        body: changeEmailChangeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      try {
        await db.transaction().execute(async (trx) => {
          const proof = await consumeToken(trx, 'confirm_email', request.body.token);
          if (!proof?.new_email) throw new BadRequestError(CHANGE_EMAIL_LINK_INVALID_MESSAGE);
          const before = await trx
            .selectFrom('users')
            .selectAll()
            .where('id', '=', proof.user_id)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('users')
            .set({ email: proof.new_email, is_verified: true, updated_at: new Date() })
            .where('id', '=', proof.user_id)
            .execute();
          await mailUser(trx, before, { kind: 'emailChanged', newEmail: proof.new_email });
        });
      } catch (error) {
        // Another account took the address between the two links.
        if (isUniqueViolation(error, 'users_email_lower_key'))
          throw new BadRequestError(CHANGE_EMAIL_LINK_INVALID_MESSAGE);
        throw error;
      }
      return { message: EMAIL_CHANGED_MESSAGE };
    },
  );
}
