import {
  emailWithLinkBodySchema,
  messageResponseSchema,
  registrationBodySchema,
  verifyEmailQuerySchema,
} from '@benchside/contracts/accounts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import { isUniqueViolation } from '@benchside/db/unique-violation';
import type { App } from '@benchside/server/create-server';
import { BadRequestError, ValidationError } from '@benchside/server/errors';
import { consumeEmailVerification, issueToken } from '@benchside/server/one-time-tokens';
import { hashPassword } from '@benchside/server/passwords';
import { sql } from 'kysely';
import { completeSocialSignUp } from '../social/sign-up.ts';
import { dropUnprovenSocialLinks } from '../social/store.ts';
import type { AccountContext } from './account-context.ts';
import { mailUser } from './account-mail.ts';
import { LIMITS } from './limits.ts';
import { findUserByEmail } from './user-lookup.ts';

export const REGISTERED_MESSAGE = 'Your account has been successfuly registered.';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';
export const VERIFIED_MESSAGE = 'Your account was successfully verified.';
export const VERIFY_LINK_INVALID_MESSAGE = 'The verification link is invalid or has expired.';
export const VERIFICATION_RESENT_MESSAGE =
  'A new confirmation email has been sent if the account exists and is not verified.';

const usernameTaken = () =>
  new ValidationError(USERNAME_TAKEN_MESSAGE, {
    violations: [{ propertyPath: 'username', message: USERNAME_TAKEN_MESSAGE }],
  });

/** The first of the Accept-Language tags that is one of ours. */
export function preferredLanguage(header: string | undefined): Language {
  for (const part of header?.split(',') ?? []) {
    const tag = part.split(';', 1)[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Registration and e-mail verification (spec §2, §4). Usernames are public handles, so a taken
 * one is named; e-mail addresses are private, so a taken one gets the same answer and its owner a
 * notice instead of a second account.
 */
export function registerRegistrationRoutes(app: App, context: AccountContext): void {
  const { db, limiter } = context;

  app.post(
    '/api/register',
    {
      config: { rateLimit: LIMITS.mailIp },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and e-mail its verification link',
        description:
          'A taken username is a 400 violation on `username`; a taken e-mail answers the same 201 and mails its owner a notice instead.',
        body: registrationBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await limiter.consume(LIMITS.mailRecipient, `verify:${body.email.toLowerCase()}`);
      const sameUsername = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', body.username.toLowerCase())
        .executeTakeFirst();
      if (sameUsername) throw usernameTaken();

      // Hashed on both paths, so a taken e-mail takes as long as a free one.
      const passwordHash = await hashPassword(body.plainPassword);
      const owner = await findUserByEmail(db, body.email);
      if (owner) {
        await mailUser(db, owner, { kind: 'registrationAttempt' });
        return reply.code(201).send({ message: REGISTERED_MESSAGE });
      }

      try {
        // One transaction: the verification mail is queued with the account, or neither exists.
        await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({
              username: body.username,
              email: body.email,
              password_hash: passwordHash,
              language: body.language ?? preferredLanguage(request.headers['accept-language']),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const token = await issueToken(trx, { userId: user.id, kind: 'verify_email' });
          await mailUser(trx, user, { kind: 'verifyEmail', query: { token }, path: body.urlTo });
        });
      } catch (error) {
        // Someone registered the same name or address at the same moment.
        if (isUniqueViolation(error, 'users_username_lower_key')) throw usernameTaken();
        if (!isUniqueViolation(error, 'users_email_lower_key')) throw error;
      }
      return reply.code(201).send({ message: REGISTERED_MESSAGE });
    },
  );

  app.get(
    '/api/verify/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail address with the token of the e-mailed link (24 h, single use)',
        querystring: verifyEmailQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const verification = await consumeEmailVerification(db, request.query.token);
      if (!verification) throw new BadRequestError(VERIFY_LINK_INVALID_MESSAGE);
      if ('signUp' in verification) {
        await completeSocialSignUp(
          db,
          verification.signUp,
          preferredLanguage(request.headers['accept-language']),
        );
        return { message: VERIFIED_MESSAGE };
      }
      const { userId } = verification;
      await db.transaction().execute(async (trx) => {
        await dropUnprovenSocialLinks(trx, userId);
        await trx
          .updateTable('users')
          .set({ is_verified: true, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
      });
      return { message: VERIFIED_MESSAGE };
    },
  );

  app.post(
    '/api/new-verify/email',
    {
      config: { rateLimit: LIMITS.mailIp },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new verification link to an unverified account',
        description: 'Answers the same whether or not such an account exists.',
        body: emailWithLinkBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limiter.consume(LIMITS.mailRecipient, `verify:${request.body.email.toLowerCase()}`);
      const user = await findUserByEmail(db, request.body.email);
      if (user && !user.is_verified) {
        const token = await issueToken(db, { userId: user.id, kind: 'verify_email' });
        await mailUser(db, user, { kind: 'verifyEmail', query: { token }, path: request.body.urlTo });
      }
      return { message: VERIFICATION_RESENT_MESSAGE };
    },
  );
}
