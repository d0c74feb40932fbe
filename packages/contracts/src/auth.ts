import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

/** Spec §5: login username and password are each required, 3 to 50 characters. */
export const loginBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Minimum 3 symbols')
    .max(50, 'Maximum 50 symbols'),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(3, 'Minimum 3 symbols')
    .max(50, 'Maximum 50 symbols'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `POST /api/login` either signs in or asks for the e-mailed code. */
export const loginResponseSchema = z.union([
  z.object({ '2fa': z.literal(true), hash: z.string() }),
  z.object({ '2fa': z.literal(false) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The profile a technician's business keeps with its vendor (`POST /api/profiles/edit`). */
export const profileSchema = z.object({
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  country: z.string(),
});

/** `GET /api/me`: the signed-in user. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  profile: profileSchema,
  userPortal2fa: z.boolean(),
  language: z.enum(LANGUAGES),
  /** Whether expiry reminders also come by e-mail; the portal notification comes either way. */
  expiryReminderEmails: z.boolean(),
  /** Whether the daily digest of new packages for the user's watches comes by e-mail (off at first). */
  watchDigestEmails: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
