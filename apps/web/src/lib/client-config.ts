import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  clientConfigSchema,
} from '@benchside/contracts/client-config';
import { HELPER_PORTS } from '@benchside/contracts/helper-ports';
import { DEFAULT_LANGUAGE_STORAGE_KEY } from './language.ts';
import { parseJsonOr } from './parse-json.ts';

/** Used when the page was not served by the API (e.g. the Vite dev server) or the block is broken. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  supportUrl: 'http://127.0.0.1:8081',
  supportEnabled: false,
  googleClientId: null,
  facebookAppId: null,
  contactEmail: 'privacy@benchside.test',
  whereToBuyUrl: 'https://benchside.test/where-to-buy',
  helperInstallerUrl: '/dl/benchside-helper-setup',
  helperLaunchUrl: 'benchside-helper://launch',
  downloadsHost: '/dl',
  languageStorageKey: DEFAULT_LANGUAGE_STORAGE_KEY,
  helperPorts: [...HELPER_PORTS],
};

export function parseClientConfig(text: string | null | undefined): ClientConfig {
  return parseJsonOr(clientConfigSchema, text, DEFAULT_CLIENT_CONFIG);
}

export function readClientConfig(document: Document): ClientConfig {
  return parseClientConfig(document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent);
}

export const clientConfig = readClientConfig(document);
