import { CONFIG_BLOCK_ID } from './language.ts';

export interface SocialConfig {
  googleClientId: string | null;
  facebookAppId: string | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The two provider ids of the embedded client configuration, read without the schema library:
 * the sign-in page must decide about its provider buttons without loading zod (lib/client-config.ts).
 */
export function readSocialConfig(document: Document): SocialConfig {
  try {
    const parsed: unknown = JSON.parse(document.getElementById(CONFIG_BLOCK_ID)?.textContent ?? '');
    const config = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return {
      googleClientId: textOrNull(config.googleClientId),
      facebookAppId: textOrNull(config.facebookAppId),
    };
  } catch {
    return { googleClientId: null, facebookAppId: null };
  }
}

export const socialConfig = readSocialConfig(document);
