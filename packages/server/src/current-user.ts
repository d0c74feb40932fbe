import type { CurrentUser } from '@benchside/contracts/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { User } from '@benchside/db/database';

/** The user's interface language; a stored one this portal no longer speaks falls back to the default. */
export function languageOf(user: Pick<User, 'language'>): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

/** The `GET /api/me` shape of a user row. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    profile: { name: user.name, company: user.company, phone: user.phone, country: user.country },
    userPortal2fa: user.user_portal_2fa,
    language: languageOf(user),
    expiryReminderEmails: user.expiry_reminder_emails,
    watchDigestEmails: user.watch_digest_emails,
  };
}
