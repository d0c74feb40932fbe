import { loadScript } from './load-script.ts';

interface FacebookLoginResponse {
  status: string;
  authResponse?: { accessToken?: string } | null;
}

/** The part of Facebook's JS SDK we use. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: { scope: string }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const GRAPH_VERSION = 'v19.0';
const LOCALES: Record<string, string> = {
  en: 'en_US',
  zh: 'zh_CN',
  es: 'es_ES',
  ja: 'ja_JP',
  de: 'de_DE',
  fr: 'fr_FR',
};

let ready: Promise<FacebookSdk> | null = null;

/** Loads and initialises the SDK once; a failed load may be tried again. */
export function loadFacebookSdk(appId: string, language: string): Promise<FacebookSdk> {
  ready ??= loadScript(`https://connect.facebook.net/${LOCALES[language] ?? 'en_US'}/sdk.js`).then(
    () => {
      const sdk = window.FB;
      if (!sdk) throw new Error('The Facebook SDK did not start');
      sdk.init({ appId, version: GRAPH_VERSION, cookie: false, xfbml: false });
      return sdk;
    },
    (error: unknown) => {
      ready = null;
      throw error;
    },
  );
  return ready;
}

/** Facebook's sign-in popup; resolves to the user access token, or null when the user cancelled. */
export function facebookLogin(sdk: FacebookSdk): Promise<string | null> {
  return new Promise((resolve) => {
    sdk.login((response) => resolve(response.authResponse?.accessToken ?? null), { scope: 'email' });
  });
}
