import type { CurrentUser } from '@benchside/contracts/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { User } from '@benchside/db/database';
import { isSharedAnswer, shareAnswer } from './batched-lookup.ts';

/** The user's interface language; a stored one this portal no longer speaks falls back to the default. */
export function languageOf(user: Pick<User, 'language'>): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

const answersOfSharedUsers = new WeakMap<User, CurrentUser>();

/**
 * The `GET /api/me` shape of a user row. A user the session cache keeps is one shared object for
 * every request of its session (decision 156): its answer is built once, and shared in turn, so
 * the serializer writes its JSON once.
 */
export function toCurrentUser(user: User): CurrentUser {
  if (!isSharedAnswer(user)) return currentUserOf(user);
  let answer = answersOfSharedUsers.get(user);
  if (!answer) {
    answer = shareAnswer(currentUserOf(user));
    answersOfSharedUsers.set(user, answer);
  }
  return answer;
}

function currentUserOf(user: User): CurrentUser {
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
