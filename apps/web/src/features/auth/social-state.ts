import type { SocialProviderData } from '@benchside/contracts/social-auth';

/** Route state of /auth/login/verifying: the provider data to send again with the typed address. */
export interface VerifyingState {
  social: SocialProviderData;
}

export function socialDataOf(state: unknown): SocialProviderData | null {
  if (typeof state !== 'object' || state === null || !('social' in state)) return null;
  const social = state.social as Partial<SocialProviderData> | null;
  if (social?.type === 'google' && typeof social.credential === 'string') return social as SocialProviderData;
  if (social?.type === 'facebook' && typeof social.accessToken === 'string')
    return social as SocialProviderData;
  return null;
}
