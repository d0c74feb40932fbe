import { z } from 'zod';
import { currentPasswordSchema, emailSchema } from './accounts.ts';
import { loginResponseSchema } from './auth.ts';

/** Spec §1: sign-in through Google, and through Facebook when an app id is configured. */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Google Identity Services hands the page an ID token (a JWT) as `credential`. */
const googleDataSchema = z.object({ type: z.literal('google'), credential: z.string().min(1).max(8192) });
/** Facebook's JS SDK hands the page a user access token. */
const facebookDataSchema = z.object({
  type: z.literal('facebook'),
  accessToken: z.string().min(1).max(2048),
});

/** What the provider gave the page; the server checks it with the provider itself. */
export const socialProviderDataSchema = z.discriminatedUnion('type', [googleDataSchema, facebookDataSchema]);
export type SocialProviderData = z.infer<typeof socialProviderDataSchema>;

/**
 * `POST /api/social-auth`: the provider data, plus the e-mail the user typed on
 * /auth/login/verifying when the provider gave none (that address is confirmed by a mailed link).
 */
export const socialAuthBodySchema = z.discriminatedUnion('type', [
  googleDataSchema.extend({ email: emailSchema.optional() }),
  facebookDataSchema.extend({ email: emailSchema.optional() }),
]);
export type SocialAuthBody = z.infer<typeof socialAuthBodySchema>;

/** `POST /api/social-auth/add`: the provider data and the current password (re-authentication). */
export const socialLinkBodySchema = z.discriminatedUnion('type', [
  googleDataSchema.extend({ password: currentPasswordSchema }),
  facebookDataSchema.extend({ password: currentPasswordSchema }),
]);
export type SocialLinkBody = z.infer<typeof socialLinkBodySchema>;

/** The typed address still has to be confirmed: a link went to it. */
export const socialVerificationSentSchema = z.object({
  verificationSent: z.literal(true),
  message: z.string(),
});

/** Signed in (`2fa: false`), a pending two-factor hash as with `POST /api/login`, or a link was mailed. */
export const socialAuthResponseSchema = z.union([
  ...loginResponseSchema.options,
  socialVerificationSentSchema,
]);
export type SocialAuthResponse = z.infer<typeof socialAuthResponseSchema>;

/** One sign-in method linked to the account (account settings). */
export const socialAccountSchema = z.object({
  id: z.string(),
  type: z.enum(SOCIAL_PROVIDERS),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** The statuses the web app tells apart (spec §4 "Social login"). */
export const SOCIAL_NO_EMAIL_STATUS = 412;
export const SOCIAL_REFUSED_STATUS = 406;
