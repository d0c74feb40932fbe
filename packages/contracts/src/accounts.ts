import { z } from 'zod';
import { pagingQuerySchema, sortDirectionSchema } from './common.ts';
import { LANGUAGES } from './languages.ts';

/**
 * The account journeys of spec §5 and §7. The web app's forms and the API validate with these same
 * schemas, so a message the user reads is the message the server would answer.
 */

// One message per field, the first rule it breaks, required first: each rule is piped after the
// ones before. Not `abort: true`, which also skips the form's checks across fields (zod 4.6), so
// "Password and Confirm Password must match" would wait until every other field is valid.
// A field left out of the body is as missing as an empty one: the same message, not zod's own.
const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage);
const threeToFifty = z.string().min(3, 'Minimum 3 symbols').max(50, 'Maximum 50 symbols');

export const emailSchema = requiredText('Email is required')
  .pipe(threeToFifty)
  .pipe(z.email('Wrong email format'));

export const usernameSchema = requiredText('Username is required').pipe(threeToFifty);

/** Registration and reset: 6..50 with a letter, a digit and a special character. */
export const newPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .pipe(z.string().min(6, 'Minimum 6 symbols').max(50, 'Maximum 50 symbols'))
  .pipe(z.string().regex(/\p{L}/u, 'At least one letter'))
  .pipe(
    z
      .string()
      .refine(
        (value) => /\d/.test(value) && /[^\p{L}\d\s]/u.test(value),
        'At least one number and one special character',
      ),
  );

/** Where an e-mailed link should land: a path of this portal, never another host. */
export const urlToSchema = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[\w\-./?=&%]*$/, 'Field is not valid')
  .optional();

const PASSWORDS_MUST_MATCH = 'Password and Confirm Password must match';

/** Checks the two passwords match as soon as both are filled in, whatever else the form still lacks. */
function passwordsMatch(passwordKey: string) {
  return {
    message: PASSWORDS_MUST_MATCH,
    path: ['confirmPassword'],
    // Also called when the body is not an object at all (JSON `null`, a number), which the
    // object's own type check already reports.
    when: ({ value }: { value: unknown }) => {
      if (typeof value !== 'object' || value === null) return false;
      const fields = value as Record<string, unknown>;
      return (
        typeof fields[passwordKey] === 'string' &&
        typeof fields.confirmPassword === 'string' &&
        fields.confirmPassword !== ''
      );
    },
  };
}

export const registrationBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    plainPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Confirm Password is required'),
    acceptTerms: z.literal(true, 'You must accept the terms and conditions'),
    urlTo: urlToSchema,
    /** The interface language at sign-up, for the account's e-mails; else Accept-Language, else en. */
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((body) => body.plainPassword === body.confirmPassword, passwordsMatch('plainPassword'));
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** `POST /api/new-verify/email` and `POST /api/reset-password`. */
export const emailWithLinkBodySchema = z.object({ email: emailSchema, urlTo: urlToSchema });

/** `GET /api/verify/email` with the query of the e-mailed link. */
export const verifyEmailQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** `POST /api/reset-password/reset/{token}`. */
export const resetPasswordBodySchema = z.object({ newPassword: newPasswordSchema });

/** The reset form also asks for the password twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Confirm Password is required'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, passwordsMatch('newPassword'));

/** Spec §5: the e-mailed two-factor code is required and at most 6 characters. */
export const twoFactorCodeSchema = requiredText('Confirmation code is required').max(6, 'Maximum 6 symbols');
export const twoFactorHashBodySchema = z.object({ hash: z.string().min(1).max(200) });
export const twoFactorVerifyBodySchema = z.object({
  code: twoFactorCodeSchema,
  hash: z.string().min(1).max(200),
});
export const twoFactorHashResponseSchema = z.object({ hash: z.string() });

/**
 * The signed-in user's current password, asked again before a change that a stolen session must
 * not make alone (re-authentication).
 */
export const currentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(50, 'Maximum 50 symbols');

/** `DELETE /api/social-auth/delete/{id}`: unlinking asks for the current password. */
export const currentPasswordBodySchema = z.object({ password: currentPasswordSchema });

/** `POST /api/change-email`: the new address and the current password to prove it is the owner. */
export const changeEmailBodySchema = z.object({
  newEmail: emailSchema,
  password: currentPasswordSchema,
  urlTo: urlToSchema,
});
export const changeEmailConfirmBodySchema = z.object({
  token: z.string().min(1).max(200),
  urlTo: urlToSchema,
});
export const changeEmailChangeBodySchema = z.object({ token: z.string().min(1).max(200) });

/** `POST /api/users/change-password`. */
export const changePasswordBodySchema = z.object({
  password: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** The change form also asks for the new password twice. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Confirm Password is required') })
  .refine((form) => form.newPassword === form.confirmPassword, passwordsMatch('newPassword'));

/**
 * `PATCH /api/users/edit/{id}` (merge-patch). Turning two-factor off needs the current `password`;
 * turning it on needs none.
 */
export const userEditPatchSchema = z
  .object({
    userPortal2fa: z.boolean().optional(),
    password: currentPasswordSchema.optional(),
    /** "E-mail me before my licences and credits expire" (issue 19). */
    expiryReminderEmails: z.boolean().optional(),
    /** "E-mail me a daily digest of what is new on my watch list" (issue 19 item 5). */
    watchDigestEmails: z.boolean().optional(),
  })
  .strict();

/** `POST /api/profiles/edit`: what a repair business tells its vendor about itself. */
export const profileEditBodySchema = z.object({
  name: requiredText('Name is required').max(100, 'Maximum 100 symbols'),
  company: z.string().trim().max(100, 'Maximum 100 symbols').default(''),
  phone: z
    .string()
    .trim()
    .max(30, 'Maximum 30 symbols')
    .regex(/^[+\d\s()-]*$/, 'Phone is not valid')
    .default(''),
  country: z.string().trim().max(60, 'Maximum 60 symbols').default(''),
  language: z.enum(LANGUAGES).optional(),
});
export type ProfileEditBody = z.infer<typeof profileEditBodySchema>;

/** One line of `GET /api/user-login-logs`: every sign-in attempt, failed ones too. */
export const loginLogEntrySchema = z.object({
  id: z.string(),
  loginAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
});

/** One signed-in device, as the account's security page lists them. */
export const sessionEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});

/** Answers that only carry a sentence for the user. */
export const messageResponseSchema = z.object({ message: z.string() });

/** `POST /api/change-email/confirm`: the second link went to this address. */
export const changeEmailConfirmResponseSchema = z.object({ message: z.string(), newEmail: z.string() });

/** `GET /api/user-login-logs`: paging plus `order[loginAt]`, newest first by default. */
export const loginLogsQuerySchema = pagingQuerySchema.extend({
  'order[loginAt]': sortDirectionSchema.default('desc'),
});
