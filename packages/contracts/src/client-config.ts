import { z } from 'zod';

/**
 * What the server tells the web app about its deployment. It is embedded in index.html as a JSON
 * data block (id `benchside-config`) so the first screen needs no extra request.
 */
export const clientConfigSchema = z.object({
  supportUrl: z.string(),
  supportEnabled: z.boolean(),
  googleClientId: z.string().nullable(),
  facebookAppId: z.string().nullable(),
  contactEmail: z.string(),
  whereToBuyUrl: z.string(),
  helperInstallerUrl: z.string(),
  helperLaunchUrl: z.string(),
  downloadsHost: z.string(),
  languageStorageKey: z.string(),
  /** The loopback ports the web app probes for the helper, in order (`HELPER_PORTS`, spec §7/§9). */
  helperPorts: z.array(z.number().int().min(1).max(65_535)).min(1),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const CLIENT_CONFIG_ELEMENT_ID = 'benchside-config';
