import type { Config } from './config.ts';

/**
 * The policy for HTML pages: the built SPA only loads its own scripts and styles and talks to its
 * own origin, the support service and the local helper's loopback ports. `scriptHashes` allow the
 * inline scripts index.html may carry (e.g. setting the theme before first paint). Inline styles
 * stay allowed: toast and popover libraries set them at run time, and they cannot run code.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const helperOrigins = config.helperPorts.map((port) => `http://127.0.0.1:${port}`);
  const connect = ["'self'", config.supportOrigin, ...helperOrigins];
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
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
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (config.secureCookies) always.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return { always, htmlCsp: contentSecurityPolicy(config) };
}
