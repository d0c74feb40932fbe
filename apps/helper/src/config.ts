import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { HELPER_PORTS } from '@benchside/contracts/helper';
import { LOG_LEVELS } from '@benchside/server/config';

export type HelperConfig = {
  ports: number[];
  origins: string[];
  configDir: string;
  logLevel: LogLevel;
  /** DHT, trackers and a peer listener; off (the default) leaves the loopback API the only open port. */
  peerToPeer: boolean;
};

type LogLevel = (typeof LOG_LEVELS)[number];

/** A bad variable stops start-up with one line that names it. */
export class HelperConfigError extends Error {}

export function loadHelperConfig(env: NodeJS.ProcessEnv = process.env): HelperConfig {
  return {
    ports: parsePorts(env.HELPER_PORTS),
    origins: parseOrigins(env),
    configDir: parseConfigDir(env),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    peerToPeer: parsePeerToPeer(env.HELPER_PEER_TO_PEER),
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

/** Exact origins the helper answers: never a wildcard, never an echo of whatever the caller sent. */
export function parseOrigins(env: NodeJS.ProcessEnv): string[] {
  const listed = env.HELPER_ORIGINS;
  if (listed !== undefined && listed.trim() !== '') {
    const origins = listed
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => toOrigin(part, 'HELPER_ORIGINS', true));
    return [...new Set(origins)];
  }
  const portText = env.PORT?.trim() || '8080';
  const port = parsePort(portText, 'PORT');
  const portalUrl = env.PUBLIC_URL?.trim();
  const portal = portalUrl ? toOrigin(portalUrl, 'PUBLIC_URL', false) : `http://127.0.0.1:${port}`;
  return [...new Set([portal, `http://localhost:${port}`])];
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
