import {
  changePasswordBodySchema,
  messageResponseSchema,
  profileEditBodySchema,
  userEditPatchSchema,
} from '@benchside/contracts/accounts';
import { currentUserSchema } from '@benchside/contracts/auth';
import type { User } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { toCurrentUser } from '@benchside/server/current-user';
import {
  ForbiddenError,
  type HttpError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@benchside/server/errors';
import { hashPassword, verifyPasswordOrDummy } from '@benchside/server/passwords';
import { z } from 'zod';
import type { AccountContext } from '../auth/account-context.ts';
import { mailUser } from '../auth/account-mail.ts';
import { LIMITS } from '../auth/limits.ts';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const WRONG_PASSWORD_MESSAGE = 'The current password is incorrect';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const NO_PASSWORD_MESSAGE =
  'Your account has no password yet. Set one first (Forgot password on the sign-in page sends a link), then try again.';

/**
 * A 400 with a violation on `password`, never a 401: the web app signs out on every 401 (spec §4),
 * and a mistyped password must not do that.
 */
function passwordRefused(message: string): HttpError {
  return new ValidationError(message, { violations: [{ propertyPath: 'password', message }] });
}

export function wrongPassword(): HttpError {
  return passwordRefused(WRONG_PASSWORD_MESSAGE);
}

/**
 * Checks a signed-in user's current password (re-authentication), at most LIMITS.passwordCheck
 * times per window, so a stolen session cannot be used to guess it. An account without a password
 * (social sign-in only) cannot re-authenticate: it sets one through the mailed reset link first
 * (docs/decisions.md).
 */
export async function checkCurrentPassword(
  context: AccountContext,
  user: User,
  password: string | undefined,
): Promise<void> {
  if (!password) throw passwordRefused(PASSWORD_REQUIRED_MESSAGE);
  if (!user.password_hash) throw passwordRefused(NO_PASSWORD_MESSAGE);
  await context.limiter.consume(LIMITS.passwordCheck, user.id);
  if (!(await verifyPasswordOrDummy(password, user.password_hash))) throw wrongPassword();
  await context.limiter.reset(LIMITS.passwordCheck, user.id);
}

const MERGE_PATCH = 'application/merge-patch+json';

/** Profile, password and two-factor settings of the signed-in user (spec §7, issue §7). */
export function registerProfileRoutes(app: App, context: AccountContext): void {
  const { db } = context;

  app.post(
    '/api/profiles/edit',
    {
      schema: {
        tags: ['account'],
        summary: "Edit the signed-in user's profile (and interface language)",
        security: [{ session: [] }],
        body: profileEditBodySchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { name, company, phone, country, language } = request.body;
      const updated = await db
        .updateTable('users')
        .set({ name, company, phone, country, ...(language ? { language } : {}), updated_at: new Date() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCurrentUser(updated);
    },
  );

  app.post(
    '/api/users/change-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session of the user ends',
        description: 'A wrong current password is a 400 with a violation on `password`, never a 401.',
        security: [{ session: [] }],
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      await checkCurrentPassword(context, user, request.body.password);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        // Queued in the transaction: the notice goes out exactly when the password changed.
        await mailUser(trx, user, { kind: 'passwordChanged' });
      });
      await app.sessions.endAllOf(user.id, { except: request });
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  app.patch(
    '/api/users/edit/:id',
    {
      onRequest: async (request) => {
        const contentType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
        if (contentType !== MERGE_PATCH) {
          throw new UnsupportedMediaTypeError(`Unsupported content type: send ${MERGE_PATCH}`);
        }
      },
      schema: {
        tags: ['account'],
        summary:
          'Turn e-mail-code two-factor sign-in, expiry reminder e-mails or the watch list digest on or off (merge-patch)',
        description: `Only the signed-in user's own id (403 otherwise); only ${MERGE_PATCH} (415 otherwise). Turning it off needs the current \`password\` (a 400 violation on \`password\` without it or with a wrong one) and mails the owner a notice.`,
        security: [{ session: [] }],
        params: z.object({ id: z.string().max(64) }),
        body: userEditPatchSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (request.params.id !== user.id) throw new ForbiddenError();
      const { userPortal2fa, password, expiryReminderEmails, watchDigestEmails } = request.body;
      const twoFactorChanges = userPortal2fa !== undefined && userPortal2fa !== user.user_portal_2fa;
      if (!twoFactorChanges && expiryReminderEmails === undefined && watchDigestEmails === undefined) {
        return toCurrentUser(user);
      }
      // Turning it off weakens the account: a stolen session must not do that alone (issue 15).
      if (twoFactorChanges && !userPortal2fa) await checkCurrentPassword(context, user, password);
      const updated = await db
        .updateTable('users')
        .set({
          ...(twoFactorChanges ? { user_portal_2fa: userPortal2fa } : {}),
          ...(expiryReminderEmails === undefined ? {} : { expiry_reminder_emails: expiryReminderEmails }),
          ...(watchDigestEmails === undefined ? {} : { watch_digest_emails: watchDigestEmails }),
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (twoFactorChanges && !userPortal2fa) await mailUser(db, updated, { kind: 'twoFactorDisabled' });
      return toCurrentUser(updated);
    },
  );
}
