import type { ProfileEditBody } from '@benchside/contracts/accounts';
import { type CurrentUser, currentUserSchema } from '@benchside/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../lib/auth.ts';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

function storeCurrentUser(response: unknown): CurrentUser {
  const user = currentUserSchema.parse(response);
  queryClient.setQueryData(currentUserQueryKey, user);
  return user;
}

/** `POST /api/profiles/edit`: answers the updated user, which replaces the cached one. */
export async function updateProfile(body: ProfileEditBody): Promise<CurrentUser> {
  return storeCurrentUser(await http.post('/profiles/edit', body));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

/**
 * `PATCH /api/users/edit/{id}` (merge-patch): switches e-mail-code two-factor sign-in; turning it
 * off carries the current password.
 */
export async function setTwoFactor(userId: string, change: TwoFactorChange): Promise<CurrentUser> {
  return storeCurrentUser(
    await http.patch(`/users/edit/${encodeURIComponent(userId)}`, {
      userPortal2fa: change.enabled,
      ...(change.password === undefined ? {} : { password: change.password }),
    }),
  );
}

export interface TwoFactorChange {
  enabled: boolean;
  password?: string;
}

export function useSetTwoFactor(userId: string) {
  return useMutation({ mutationFn: (change: TwoFactorChange) => setTwoFactor(userId, change) });
}

/** The account's e-mails a switch turns on or off: expiry reminders and the watch list digest. */
export type EmailSetting = 'expiryReminderEmails' | 'watchDigestEmails';

/** `PATCH /api/users/edit/{id}` (merge-patch): whether one of those e-mails is sent. */
export async function setEmailSetting(
  userId: string,
  setting: EmailSetting,
  enabled: boolean,
): Promise<CurrentUser> {
  return storeCurrentUser(
    await http.patch(`/users/edit/${encodeURIComponent(userId)}`, { [setting]: enabled }),
  );
}

export function useSetEmailSetting(userId: string, setting: EmailSetting) {
  return useMutation({ mutationFn: (enabled: boolean) => setEmailSetting(userId, setting, enabled) });
}
