import { currentPasswordBodySchema } from '@benchside/contracts/accounts';
import { collectionSchema } from '@benchside/contracts/common';
import {
  SOCIAL_NO_EMAIL_STATUS,
  SOCIAL_REFUSED_STATUS,
  type SocialProviderData,
  socialAccountSchema,
  socialAuthBodySchema,
  socialAuthResponseSchema,
  socialLinkBodySchema,
} from '@benchside/contracts/social-auth';
import type { SocialAccountRow, User } from '@benchside/db/database';
import { isUniqueViolation } from '@benchside/db/unique-violation';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { HttpError, NotFoundError } from '@benchside/server/errors';
import { issueSocialSignUpToken } from '@benchside/server/one-time-tokens';
import { registerSignedInRoutes } from '@benchside/server/sessions';
import { z } from 'zod';
import { checkCurrentPassword } from '../account/profile-routes.ts';
import type { AccountContext } from '../auth/account-context.ts';
import { mailUser } from '../auth/account-mail.ts';
import { LIMITS } from '../auth/limits.ts';
import { preferredLanguage } from '../auth/registration-routes.ts';
import { startSignIn } from '../auth/routes.ts';
import { findUserByEmail } from '../auth/user-lookup.ts';
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import { PROVIDER_NAMES, type SocialIdentity } from './identity.ts';
import { createLinkedUser } from './sign-up.ts';
import {
  deleteSocialLink,
  findLinkHolder,
  findVerifiedLinkedUser,
  insertSocialLink,
  listSocialLinks,
} from './store.ts';

/**
 * Each refusal carries a `reason` besides its English message, so the web app can say it in the
 * reader's language.
 */
export type SocialRefusal =
  | 'no-email'
  | 'email-taken'
  | 'already-linked'
  | 'linked-elsewhere'
  | 'provider-linked'
  | 'last-method';

export const VERIFICATION_SENT_MESSAGE =
  'We sent a confirmation link to this address. Open it, then sign in again to finish.';

const MESSAGES: Record<SocialRefusal, (provider: string) => string> = {
  'no-email': (provider) => `${provider} did not give us a confirmed e-mail address. Please enter one.`,
  'email-taken': (provider) =>
    `An account with this e-mail address already exists. Sign in to it with your password, then link ${provider} under Account Settings.`,
  'already-linked': (provider) => `This ${provider} account is already linked to your account.`,
  'linked-elsewhere': (provider) => `This ${provider} account is linked to another Benchside account.`,
  'provider-linked': (provider) => `A ${provider} account is already linked. Unlink it first.`,
  'last-method': () =>
    'This is your only way to sign in. Set a password first (Forgot password on the sign-in page sends a link) or link another account.',
};

const STATUS: Record<SocialRefusal, number> = {
  'no-email': SOCIAL_NO_EMAIL_STATUS,
  'email-taken': SOCIAL_REFUSED_STATUS,
  'already-linked': 409,
  'linked-elsewhere': 409,
  'provider-linked': 409,
  'last-method': 409,
};

export function socialRefusal(reason: SocialRefusal, provider: string): HttpError {
  return new HttpError(STATUS[reason], 'BS_ERR_SOCIAL', MESSAGES[reason](provider), { fields: { reason } });
}

function toSocialAccount(row: SocialAccountRow) {
  return {
    id: row.id,
    type: row.provider,
    email: row.email,
    name: row.name,
    createdAt: row.created_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §4 "Social login" and §7 `/social-auth*`. The provider's proof is checked by the server
 * (never trusted from the page); an address matching an existing account never signs in to it, the
 * owner links the provider from the account settings instead.
 */
export function registerSocialAuthRoutes(app: App, context: AccountContext, config: Config): void {
  const { db, limiter } = context;
  const verifyGoogle = createGoogleVerifier(config.google);
  const verifyFacebook = createFacebookVerifier(config.facebook);
  const identify = (data: SocialProviderData): Promise<SocialIdentity> =>
    data.type === 'google' ? verifyGoogle(data.credential) : verifyFacebook(data.accessToken);

  app.post(
    '/api/social-auth',
    {
      config: { rateLimit: LIMITS.loginIp },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google or Facebook',
        description:
          'Google: `credential` is the ID token from Google Identity Services; Facebook: `accessToken` from the JS SDK. Answers like POST /api/login when the identity belongs to an account, creating one for a new address the provider confirmed. 412 when the provider gave no confirmed e-mail (send it again with `email`: a confirmation link is mailed and `{verificationSent: true}` answered; the account is created and linked only when that link is opened at GET /api/verify/email). 406 when the address belongs to an existing account: sign in to it and link the provider in the settings. 400 for a token that fails verification.',
        body: socialAuthBodySchema,
        response: { 200: socialAuthResponseSchema },
      },
    },
    async (request, reply) => {
      const identity = await identify(request.body);
      const provider = PROVIDER_NAMES[identity.provider];
      const linked = await findVerifiedLinkedUser(db, identity);
      if (linked) {
        await limiter.refund(LIMITS.loginIp, request.ip);
        return startSignIn(app, context, request, reply, linked);
      }
      const language = preferredLanguage(request.headers['accept-language']);

      if (identity.email) {
        if (await findUserByEmail(db, identity.email)) throw socialRefusal('email-taken', provider);
        const email = identity.email;
        let user: User;
        try {
          user = await db
            .transaction()
            .execute((trx) => createLinkedUser(trx, identity, { email, language }));
        } catch (error) {
          if (isUniqueViolation(error, 'users_email_lower_key')) throw socialRefusal('email-taken', provider);
          throw error;
        }
        await limiter.refund(LIMITS.loginIp, request.ip);
        return startSignIn(app, context, request, reply, user);
      }

      // No confirmed address: the typed one gets a link, and nothing is created or linked until
      // it is opened (issue 15), so nobody can hold an address, or tie an identity to it, without
      // its mailbox.
      const email = request.body.email;
      if (!email) throw socialRefusal('no-email', provider);
      await limiter.consume(LIMITS.mailIp, request.ip);
      await limiter.consume(LIMITS.mailRecipient, `verify:${email.toLowerCase()}`);
      const owner = await findUserByEmail(db, email);
      if (owner) {
        // Same answer as for a free address: a typed address reveals nothing; its owner is told.
        await mailUser(db, owner, { kind: 'registrationAttempt' });
      } else {
        const signUp = { email, provider: identity.provider, subject: identity.subject, name: identity.name };
        // The token and its mail together: the link is mailed exactly when it can be opened.
        await db.transaction().execute(async (trx) => {
          const token = await issueSocialSignUpToken(trx, { signUp });
          await mailUser(
            trx,
            { email, name: identity.name, language },
            { kind: 'socialSignUp', token, provider },
          );
        });
      }
      return { verificationSent: true as const, message: VERIFICATION_SENT_MESSAGE };
    },
  );

  registerSignedInRoutes(app, (signedIn) => {
    signedIn.get(
      '/api/social-auth',
      {
        schema: {
          tags: ['account'],
          summary: "The signed-in user's linked sign-in methods (Google, Facebook)",
          security: [{ session: [] }],
          response: { 200: collectionSchema(socialAccountSchema) },
        },
      },
      async (request) => {
        const rows = await listSocialLinks(db, request.user.id);
        return { member: rows.map(toSocialAccount), totalItems: rows.length };
      },
    );

    signedIn.post(
      '/api/social-auth/add',
      {
        schema: {
          tags: ['account'],
          summary: 'Link a Google or Facebook account to the signed-in user',
          description:
            'The same provider data as POST /api/social-auth, and the current `password` (a 400 violation on `password` without it or with a wrong one). 409 when this identity is linked already (here or to another account) or the user has one of that provider. The owner is mailed a notice.',
          security: [{ session: [] }],
          body: socialLinkBodySchema,
          response: { 201: socialAccountSchema },
        },
      },
      async (request, reply) => {
        const user = request.user;
        // A new way in, added by a stolen session, would outlive a password change (issue 15).
        await checkCurrentPassword(context, user, request.body.password);
        const identity = await identify(request.body);
        const provider = PROVIDER_NAMES[identity.provider];
        const holderId = await findLinkHolder(db, identity);
        if (holderId)
          throw socialRefusal(holderId === user.id ? 'already-linked' : 'linked-elsewhere', provider);
        try {
          const row = await insertSocialLink(db, user.id, identity);
          await mailUser(db, user, { kind: 'socialLinked', provider });
          return reply.code(201).send(toSocialAccount(row));
        } catch (error) {
          if (isUniqueViolation(error, 'social_accounts_user_provider_key')) {
            throw socialRefusal('provider-linked', provider);
          }
          if (isUniqueViolation(error, 'social_accounts_provider_subject_key')) {
            throw socialRefusal('linked-elsewhere', provider);
          }
          throw error;
        }
      },
    );

    signedIn.delete(
      '/api/social-auth/delete/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Unlink a sign-in method (404 for one that is not yours)',
          description:
            'Needs the current `password` in the body (a 400 violation on `password` without it or with a wrong one) and mails the owner a notice. Refused with 409 when it would leave the account without a password and without a link.',
          security: [{ session: [] }],
          params: z.object({ id: z.string().max(64) }),
          body: currentPasswordBodySchema,
        },
      },
      async (request, reply) => {
        const user = request.user;
        if (!UUID.test(request.params.id)) throw new NotFoundError();
        const links = await listSocialLinks(db, user.id);
        const link = links.find((row) => row.id === request.params.id);
        if (!link) throw new NotFoundError();
        const provider = PROVIDER_NAMES[link.provider];
        // Re-authentication needs a password, so only an account without one can hit its last link.
        if (!user.password_hash && links.length === 1) throw socialRefusal('last-method', provider);
        await checkCurrentPassword(context, user, request.body.password);
        await deleteSocialLink(db, user.id, link.id);
        await mailUser(db, user, { kind: 'socialUnlinked', provider });
        return reply.code(204).send();
      },
    );
  });
}
