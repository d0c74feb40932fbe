import type { SocialProvider } from '@benchside/contracts/social-auth';

/** Who the provider says the user is, after the server checked the provider's proof itself. */
export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable user id. */
  subject: string;
  /** Only an address the provider vouches for; null when it gave none or an unconfirmed one. */
  email: string | null;
  name: string;
}

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** How long a call to the provider may take before the sign-in answers 503. */
export const PROVIDER_TIMEOUT_MS = 5000;
