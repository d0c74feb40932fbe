import { z } from 'zod';

/**
 * The e-mailed links that only work signed out. Spec §2 sends a signed-in visitor's auth/* to
 * /cards; these two travel there as navigation state so the link is offered back, not lost.
 */
export const SIGNED_OUT_LINK_PATHS = ['/auth/reset-password', '/auth/verify-email'] as const;
export type SignedOutLinkPath = (typeof SIGNED_OUT_LINK_PATHS)[number];

export interface SignedOutLink {
  path: SignedOutLinkPath;
  /** The link's query string, `?…` or empty. */
  search: string;
}

const signedOutLinkStateSchema = z.object({
  signedOutLink: z.object({
    path: z.enum(SIGNED_OUT_LINK_PATHS),
    search: z
      .string()
      .max(4096)
      .regex(/^(\?.*)?$/),
  }),
});

/** The link this address is, when it is one of the signed-out links. */
export function signedOutLinkAt(location: { pathname: string; search: string }): SignedOutLink | null {
  const path = SIGNED_OUT_LINK_PATHS.find((candidate) => candidate === location.pathname.replace(/\/+$/, ''));
  return path ? { path, search: location.search } : null;
}

export function signedOutLinkState(link: SignedOutLink): z.infer<typeof signedOutLinkStateSchema> {
  return { signedOutLink: link };
}

/** The link carried by navigation state; anything else (or a forged path) is none. */
export function signedOutLinkFromState(state: unknown): SignedOutLink | null {
  const parsed = signedOutLinkStateSchema.safeParse(state);
  return parsed.success ? parsed.data.signedOutLink : null;
}
