import type { KeyObject } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { HELPER_PORTS } from '@benchside/contracts/helper';
import { LOG_LEVELS } from '@benchside/server/logger';
import { PackageSigningError, parsePackagePublicKey } from '@benchside/server/package-signing';
import { BUILT_IN, type BuiltInTrust } from './built-in.ts';

export type HelperConfig = {
  ports: number[];
  origins: string[];
  configDir: string;
  logLevel: LogLevel;
  /** DHT, trackers and a peer listener; off (the default) leaves the loopback API the only open port. */
  peerToPeer: boolean;
  /** URL prefixes of the portal's downloads host(s): the only places torrents, manifests and web seeds come from. */
  downloadsHosts: string[];
  /** The vendor's publishing keys (two while it rotates them); without one nothing can be downloaded. */
  packageKeys: KeyObject[];
};

type LogLevel = (typeof LOG_LEVELS)[number];

/** A bad variable stops start-up with one line that names it. */
export class HelperConfigError extends Error {}

export function loadHelperConfig(
  env: NodeJS.ProcessEnv = process.env,
  builtIn: BuiltInTrust = BUILT_IN,
): HelperConfig {
  const origins = parseOrigins(env, builtIn);
  return {
    ports: parsePorts(env.HELPER_PORTS),
    origins,
    configDir: parseConfigDir(env),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    peerToPeer: parsePeerToPeer(env.HELPER_PEER_TO_PEER),
    downloadsHosts: parseDownloadsHosts(env, builtIn, origins),
    packageKeys: parsePackageKeys(env, builtIn),
  };
}

function parsePort(text: string, variable: string): number {
  const port = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || port < 1 || port > 65535) {
    throw new HelperConfigError(`${variable}: "${text}" is not a port number (1-65535)`);
  }
  return port;
}

/** `20051-20054`, `20051,20060` or a single port. */
export function parsePorts(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') return [...HELPER_PORTS];
  const ports: number[] = [];
  for (const part of value.split(',')) {
    const [first, last, ...rest] = part.split('-');
    if (first === undefined || rest.length > 0) {
      throw new HelperConfigError(`HELPER_PORTS: "${part}" is not a port or a range like 20051-20054`);
    }
    const from = parsePort(first, 'HELPER_PORTS');
    const to = last === undefined ? from : parsePort(last, 'HELPER_PORTS');
    if (to < from || to - from > 100) {
      throw new HelperConfigError(`HELPER_PORTS: "${part}" must be an ascending range of at most 100 ports`);
    }
    for (let port = from; port <= to; port++) ports.push(port);
  }
  return [...new Set(ports)];
}

function toOrigin(text: string, variable: string, originOnly: boolean): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new HelperConfigError(`${variable}: "${text}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HelperConfigError(`${variable}: "${text}" must be an http or https origin`);
  }
  const hasMoreThanOrigin =
    url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '';
  if (originOnly && hasMoreThanOrigin) {
    throw new HelperConfigError(
      `${variable}: "${text}" must be an origin only, like https://portal.example.com`,
    );
  }
  return url.origin;
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * Exact origins the helper answers: never a wildcard, never an echo of whatever the caller sent.
 * An installer a portal served trusts that portal; from source, the portal of PUBLIC_URL or PORT.
 */
export function parseOrigins(env: NodeJS.ProcessEnv, builtIn: BuiltInTrust = {}): string[] {
  const listed = commaList(env.HELPER_ORIGINS);
  if (listed.length > 0) {
    return [...new Set(listed.map((part) => toOrigin(part, 'HELPER_ORIGINS', true)))];
  }
  if (builtIn.portalUrl !== undefined) return [toOrigin(builtIn.portalUrl, 'the built-in portal', false)];
  const portText = env.PORT?.trim() || '8080';
  const port = parsePort(portText, 'PORT');
  const portalUrl = env.PUBLIC_URL?.trim();
  const portal = portalUrl ? toOrigin(portalUrl, 'PUBLIC_URL', false) : `http://127.0.0.1:${port}`;
  return [...new Set([portal, `http://localhost:${port}`])];
}

/** A downloads host as a URL prefix without a trailing slash: `https://portal.example.com/dl`. */
function toDownloadsHost(text: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HelperConfigError(`${variable}: "${text}" is not a URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new HelperConfigError(`${variable}: "${text}" must be an http or https URL without a query`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new HelperConfigError(`${variable}: "${text}" must not hold credentials`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Where packages may come from: HELPER_DOWNLOADS_HOSTS, else the portal's DOWNLOADS_HOST (as
 * `npm start` passes it, or as built in), else `/dl` on each portal origin, the portal's default.
 */
export function parseDownloadsHosts(
  env: NodeJS.ProcessEnv,
  builtIn: BuiltInTrust,
  origins: readonly string[],
): string[] {
  const listed = commaList(env.HELPER_DOWNLOADS_HOSTS);
  if (listed.length > 0) {
    return [...new Set(listed.map((part) => toDownloadsHost(part, 'HELPER_DOWNLOADS_HOSTS')))];
  }
  if (builtIn.downloadsHost !== undefined) {
    return [toDownloadsHost(builtIn.downloadsHost, 'the built-in downloads host')];
  }
  const portalHost = env.DOWNLOADS_HOST?.trim();
  if (portalHost) return [toDownloadsHost(portalHost, 'DOWNLOADS_HOST')];
  return origins.map((origin) => `${origin}/dl`);
}

/**
 * HELPER_PACKAGE_KEY (comma-separated), else the keys the installer was built with; none means no
 * package is trusted. A list lets the vendor publish its next key before it signs anything.
 */
function parsePackageKeys(env: NodeJS.ProcessEnv, builtIn: BuiltInTrust): KeyObject[] {
  const configured = commaList(env.HELPER_PACKAGE_KEY);
  const [texts, variable] =
    configured.length > 0
      ? [configured, 'HELPER_PACKAGE_KEY']
      : [builtIn.packageKeys ?? [], 'the built-in key'];
  return [...new Set(texts)].map((text) => {
    try {
      return parsePackagePublicKey(text);
    } catch (error) {
      if (error instanceof PackageSigningError) throw new HelperConfigError(`${variable}: ${error.message}`);
      throw error;
    }
  });
}

function parseConfigDir(env: NodeJS.ProcessEnv): string {
  const explicit = env.HELPER_CONFIG_DIR?.trim();
  if (explicit) {
    if (!isAbsolute(explicit)) {
      throw new HelperConfigError(`HELPER_CONFIG_DIR: "${explicit}" must be an absolute path`);
    }
    return explicit;
  }
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return join(base, 'benchside-helper');
}

function parseLogLevel(value: string | undefined): LogLevel {
  const level = value?.trim() || 'info';
  if (!isLogLevel(level)) {
    throw new HelperConfigError(`LOG_LEVEL: "${value}" must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return level;
}

/** `on` or `off`: a typo must not open a network port nobody asked for, nor silently keep it shut. */
function parsePeerToPeer(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() || 'off';
  if (text !== 'on' && text !== 'off') {
    throw new HelperConfigError(`HELPER_PEER_TO_PEER: "${value}" must be on or off`);
  }
  return text === 'on';
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}
