/**
 * What `npm run pack:helper` builds into the installer a portal serves (apps/helper/scripts/pack.ts
 * replaces this module): that portal's address, its downloads host and its publishing keys, so a
 * helper installed from a portal trusts that portal and nothing else without any setting. Empty
 * when the helper runs from source; the HELPER_* settings then say it.
 */
export const BUILT_IN: BuiltInTrust = {};

export interface BuiltInTrust {
  /** The portal's PUBLIC_URL. */
  portalUrl?: string;
  /** The portal's DOWNLOADS_HOST. */
  downloadsHost?: string;
  /**
   * The vendor's Ed25519 publishing keys, public halves, 43 base64url characters each: the signing
   * key, and the next one while the vendor rotates it.
   */
  packageKeys?: string[];
}
