import type { Config } from './config.ts';

/** What the sign-in SDKs load, only when their provider is configured (spec §1). */
function socialSources(config: Config) {
  const google = config.google.clientId !== null;
  const facebook = config.facebook.appId !== null;
  return {
    script: [
      ...(google ? ['https://accounts.google.com/gsi/client'] : []),
      ...(facebook ? ['https://connect.facebook.net'] : []),
    ],
    style: google ? ['https://accounts.google.com/gsi/style'] : [],
    frame: [
      ...(google ? ['https://accounts.google.com/gsi/'] : []),
      ...(facebook ? ['https://www.facebook.com', 'https://web.facebook.com'] : []),
    ],
    connect: [
      ...(google ? ['https://accounts.google.com/gsi/'] : []),
      ...(facebook ? ['https://graph.facebook.com', 'https://www.facebook.com'] : []),
    ],
  };
}

/**
 * The policy for HTML pages: the built SPA only loads its own scripts and styles and talks to its
 * own origin, the support service and the local helper's loopback ports. `scriptHashes` allow the
 * inline scripts index.html may carry (e.g. setting the theme before first paint). Inline styles
 * stay allowed: toast and popover libraries set them at run time, and they cannot run code.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const helperOrigins = config.helperPorts.map((port) => `http://127.0.0.1:${port}`);
  const social = socialSources(config);
  const connect = ["'self'", config.supportOrigin, ...helperOrigins, ...social.connect];
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}${social.script.map((src) => ` ${src}`).join('')}`,
    `style-src 'self' 'unsafe-inline'${social.style.map((src) => ` ${src}`).join('')}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    ...(social.frame.length > 0 ? [`frame-src ${social.frame.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Non-HTML answers (JSON, assets) never need to load anything. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface SecurityHeaders {
  /** Header pairs every response carries. */
  always: [string, string][];
  htmlCsp: string;
}

export function securityHeaders(config: Config): SecurityHeaders {
  const always: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    // The Google and Facebook sign-in popups must be able to answer their opener.
    [
      'cross-origin-opener-policy',
      config.google.clientId || config.facebook.appId ? 'same-origin-allow-popups' : 'same-origin',
    ],
  ];
  if (config.secureCookies) always.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return { always, htmlCsp: contentSecurityPolicy(config) };
}
