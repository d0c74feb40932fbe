import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { cardMasterKeySchema } from '@benchside/contracts/card-validation';
import type { ClientConfig } from '@benchside/contracts/client-config';
import { DEMO_VENDOR_CARD_MASTER_KEY, HELPER_PORTS } from '@benchside/contracts/helper';
import { z } from 'zod';
import { LOG_LEVELS } from './logger.ts';

/** Bad configuration; the message is one line that names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Shared with the mailer, which must not create the catcher outside the demo either. */
export const SMTP_URL_REQUIRED_OUTSIDE_DEMO =
  "SMTP_URL must be set unless BENCHSIDE_DEMO=1 (the demo's built-in mail catcher)";

export const NODE_ENVS = ['development', 'production', 'test'] as const;

/**
 * Where every stored file lives (attachments, published packages, the helper installer): folders
 * under DATA_DIR, or an S3-compatible bucket once S3_BUCKET is set. Credentials are never ours to
 * read: the AWS SDK takes them from its standard variables and files.
 */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Null: AWS S3 itself. */
      endpoint: string | null;
      /** Null: the SDK's own (AWS_REGION, the shared config file). */
      region: string | null;
      /** `https://host/bucket/key` rather than `https://bucket.host/key`, as MinIO and Garage want. */
      forcePathStyle: boolean;
    };

export interface Config {
  host: string;
  port: number;
  supportPort: number;
  /** Without a trailing slash, e.g. `http://127.0.0.1:8080`. */
  publicUrl: string;
  publicOrigin: string;
  supportUrl: string;
  supportOrigin: string;
  dataDir: string;
  storage: StorageConfig;
  databaseUrl: string | null;
  /** Null only under the demo: the built-in mail catcher receives every message. */
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string | null; jwksUrl: string; issuer: string };
  facebook: { appId: string | null; appSecret: string | null; graphUrl: string };
  supportEnabled: boolean;
  helperOrigins: string[];
  helperPorts: number[];
  contactEmail: string;
  whereToBuyUrl: string;
  helperInstallerUrl: string;
  helperLaunchUrl: string;
  downloadsHost: string;
  /**
   * WEB_SEED_URLS: base URLs (a CDN, the bucket's public address) that also serve every published
   * package as `<base>/<name>`; without a trailing slash.
   */
  webSeedUrls: string[];
  languageStorageKey: string;
  /** 64 hex characters: every card's key is derived from it to check card validations. */
  vendorCardMasterKey: string;
  /**
   * Master keys of cards made before a rotation (VENDOR_CARD_MASTER_KEYS_PREVIOUS), lower case:
   * validations are checked against them after the current key.
   */
  vendorCardMasterKeysPrevious: string[];
  /**
   * PEM file of the vendor's Ed25519 key that signs package manifests (PACKAGE_SIGNING_KEY); null
   * outside production: a key generated once under DATA_DIR (apps/api/src/catalogue/signing-key.ts).
   */
  packageSigningKey: string | null;
  /**
   * PEM file of the key that signs after the next rotation (PACKAGE_SIGNING_KEY_NEXT): the installer
   * this portal serves trusts it too, so helpers know it before it signs anything.
   */
  packageSigningKeyNext: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: (typeof NODE_ENVS)[number];
  /** Cookies get `Secure` when the portal is served over https. */
  secureCookies: boolean;
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For (and -Proto, -Host) the servers
   * believe; empty trusts nobody, so a client cannot pick its own address for rate limits.
   */
  trustProxy: string[];
  /** Addresses or CIDRs that may read `/metrics` (METRICS_ALLOW); everyone else gets a 404. */
  metricsAllow: string[];
  /** How long a stopping process drains its requests and deliveries before it gives up (exit 1). */
  shutdownGraceMs: number;
  /** How often each API node looks for expiry reminders to send (EXPIRY_REMINDER_INTERVAL_MINUTES). */
  expiryReminderIntervalMinutes: number;
  /**
   * `E2E_EXPIRY_REMINDER_ROUTE`, demo only: `POST /api/test/expiry-reminders/run` runs the reminder
   * job at a chosen time, so the end-to-end suite need not wait days (never on outside the demo).
   */
  expiryReminderTestRoute: boolean;
  /**
   * `BENCHSIDE_DEMO`, set by `npm start`: the only switch for the demo seed, the public demo card
   * key, the mail catcher with `/dev/mail` and the helper's simulated reader.
   */
  demo: boolean;
}

export type Env = Record<string, string | undefined>;

const portSchema = z
  .string()
  .regex(/^\d{1,5}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(65535));

function isPlainHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  );
}

const httpUrlSchema = z
  .string()
  .refine(isPlainHttpUrl)
  .transform((value) => value.replace(/\/+$/, ''));

const urlWithSchemeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9+.-]*:/i)
  .refine((value) => URL.canParse(value));

const emailSchema = z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/);
const mailboxSchema = z.string().regex(/^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/);

const booleanSchema = z
  .string()
  .regex(/^(?:true|false|1|0|yes|no|on|off)$/i)
  .transform((value) => /^(?:true|1|yes|on)$/i.test(value));

/** `20051-20054`, `30000` or a comma list of both, as the helper reads it. */
const portListSchema = z
  .string()
  .regex(/^\d{1,5}(?:-\d{1,5})?(?:\s*,\s*\d{1,5}(?:-\d{1,5})?)*$/)
  .transform((value) => value.split(',').map((part) => part.trim().split('-').map(Number)))
  .refine((ranges) =>
    ranges.every(
      ([first = 0, last = first]) => first >= 1 && last <= 65535 && first <= last && last - first <= 100,
    ),
  )
  .transform((ranges) => [
    ...new Set(
      ranges.flatMap(([first = 0, last = first]) =>
        Array.from({ length: last - first + 1 }, (_, index) => first + index),
      ),
    ),
  ]);

/** A comma-separated list, each entry trimmed, empty entries dropped. */
const commaListSchema = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const originListSchema = commaListSchema
  .refine(
    (origins) =>
      origins.length > 0 &&
      origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin.replace(/\/$/, '')),
  )
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

const webSeedListSchema = commaListSchema
  .refine((entries) => entries.length > 0 && entries.every(isPlainHttpUrl))
  .transform((entries) => entries.map((entry) => entry.replace(/\/+$/, '')));

/** The rule S3 and its look-alikes share: 3 to 63 of a-z, 0-9, "." and "-", a letter or digit at each end. */
const bucketSchema = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);

/** `10.0.0.1`, `fd00::1`, `10.0.0.0/8` or `fd00::/8`. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefixLength, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefixLength === undefined) return true;
  return /^\d{1,3}$/.test(prefixLength) && Number(prefixLength) <= (version === 4 ? 32 : 128);
}

const addressListSchema = commaListSchema.refine(
  (entries) => entries.length > 0 && entries.every(isAddressOrCidr),
);

/**
 * Reads one variable: unset or empty takes the caller's fallback, anything else must pass the
 * schema. Values that may hold credentials are never repeated in the message.
 */
function read<T>(
  env: Env,
  name: string,
  schema: z.ZodType<T>,
  requirement: string,
  options: { secret?: boolean } = {},
): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const result = schema.safeParse(raw.trim());
  if (!result.success) {
    const got = options.secret ? '(value not shown: it may hold a password)' : `got ${JSON.stringify(raw)}`;
    throw new ConfigError(`${name} ${requirement}, ${got}`);
  }
  return result.data;
}

/** Bounded: a validation no configured key made is checked against every one of them. */
const MAX_PREVIOUS_CARD_MASTER_KEYS = 4;

const previousCardMasterKeysSchema = z
  .string()
  .transform((value) => value.split(',').map((key) => key.trim().toLowerCase()))
  .pipe(z.array(cardMasterKeySchema).min(1).max(MAX_PREVIOUS_CARD_MASTER_KEYS))
  .refine((keys) => new Set(keys).size === keys.length);

const PORT_RULE = 'must be a port number 1..65535';
const HTTP_URL_RULE = 'must be an http(s) URL without query or credentials, e.g. https://portal.example.com';
const BOOLEAN_RULE = 'must be true or false';

/**
 * S3_BUCKET switches every stored file to the bucket. The other S3_* settings without it are a
 * mistake, not a wish for DATA_DIR: refused, so files never land on one node's disk by accident.
 */
function readStorage(env: Env): StorageConfig {
  const bucket = read(
    env,
    'S3_BUCKET',
    bucketSchema,
    'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens, e.g. benchside-files',
  );
  const endpoint = read(env, 'S3_ENDPOINT', httpUrlSchema, HTTP_URL_RULE) ?? null;
  const region =
    read(
      env,
      'S3_REGION',
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
      'must be a region name like eu-west-1',
    ) ?? null;
  const forcePathStyle = read(env, 'S3_FORCE_PATH_STYLE', booleanSchema, BOOLEAN_RULE);
  if (bucket === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const).find(
      (name) => env[name] !== undefined && env[name]?.trim() !== '',
    );
    if (stray) {
      throw new ConfigError(
        `${stray} is set but S3_BUCKET is not: set S3_BUCKET to keep files in that bucket, or unset ${stray} to keep them under DATA_DIR`,
      );
    }
    return { kind: 'local' };
  }
  return { kind: 's3', bucket, endpoint, region, forcePathStyle: forcePathStyle ?? false };
}

/** Parses every variable of DESIGN §2 (and the client-facing extras); throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const host =
    read(env, 'HOST', z.string().regex(/^[^\s/]+$/), 'must be a host name or IP address') ?? '127.0.0.1';
  const port = read(env, 'PORT', portSchema, PORT_RULE) ?? 8080;
  const supportPort = read(env, 'SUPPORT_PORT', portSchema, PORT_RULE) ?? 8081;
  if (port === supportPort) {
    throw new ConfigError(`SUPPORT_PORT must differ from PORT, both are ${port}`);
  }
  const configuredPublicUrl = read(env, 'PUBLIC_URL', httpUrlSchema, HTTP_URL_RULE);
  const publicUrl = configuredPublicUrl ?? `http://127.0.0.1:${port}`;
  const supportUrl =
    read(env, 'SUPPORT_URL', httpUrlSchema, HTTP_URL_RULE) ?? `http://127.0.0.1:${supportPort}`;
  const publicOrigin = new URL(publicUrl).origin;
  const dataDir = resolve(read(env, 'DATA_DIR', z.string(), 'must be a directory path') ?? './data');
  const databaseUrl =
    read(
      env,
      'DATABASE_URL',
      urlWithSchemeSchema.refine((value) => /^postgres(?:ql)?:\/\//.test(value)),
      'must be a postgres:// or postgresql:// URL',
      { secret: true },
    ) ?? null;
  const smtpUrl =
    read(
      env,
      'SMTP_URL',
      urlWithSchemeSchema.refine((value) => /^smtps?:\/\//.test(value)),
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
      { secret: true },
    ) ?? null;
  const nodeEnv =
    read(env, 'NODE_ENV', z.enum(NODE_ENVS), `must be one of ${NODE_ENVS.join(', ')}`) ?? 'development';
  const facebookAppId =
    read(env, 'FACEBOOK_APP_ID', z.string().regex(/^[\w.-]+$/), 'must be an app id (letters, digits)') ??
    null;
  const facebookAppSecret = read(env, 'FACEBOOK_APP_SECRET', z.string(), 'must be a string') ?? null;
  if (facebookAppId && !facebookAppSecret) {
    throw new ConfigError('FACEBOOK_APP_SECRET must be set when FACEBOOK_APP_ID is set');
  }
  const vendorCardMasterKey = read(
    env,
    'VENDOR_CARD_MASTER_KEY',
    cardMasterKeySchema,
    'must be 64 hexadecimal characters',
    {
      secret: true,
    },
  );
  const vendorCardMasterKeysPrevious =
    read(
      env,
      'VENDOR_CARD_MASTER_KEYS_PREVIOUS',
      previousCardMasterKeysSchema,
      `must be 1 to ${MAX_PREVIOUS_CARD_MASTER_KEYS} different comma-separated keys of 64 hexadecimal characters`,
      { secret: true },
    ) ?? [];
  const demo = read(env, 'BENCHSIDE_DEMO', booleanSchema, BOOLEAN_RULE) ?? false;
  const downloadsHost = read(env, 'DOWNLOADS_HOST', httpUrlSchema, HTTP_URL_RULE) ?? `${publicUrl}/dl`;
  const packageSigningKey = read(env, 'PACKAGE_SIGNING_KEY', z.string(), 'must be a file path');
  const packageSigningKeyNext = read(env, 'PACKAGE_SIGNING_KEY_NEXT', z.string(), 'must be a file path');
  const webSeedUrls =
    read(
      env,
      'WEB_SEED_URLS',
      webSeedListSchema,
      'must be comma-separated http(s) base URLs without query or credentials, e.g. https://cdn.example.com/packages',
    ) ?? [];

  const config: Config = {
    host,
    port,
    supportPort,
    publicUrl,
    publicOrigin,
    supportUrl,
    supportOrigin: new URL(supportUrl).origin,
    dataDir,
    storage: readStorage(env),
    databaseUrl,
    smtpUrl,
    mailFrom:
      read(env, 'MAIL_FROM', mailboxSchema, 'must be an e-mail address or "Name <address>"') ??
      'Benchside <no-reply@localhost>',
    google: {
      clientId: read(env, 'GOOGLE_CLIENT_ID', z.string().regex(/^\S+$/), 'must not contain spaces') ?? null,
      jwksUrl:
        read(env, 'GOOGLE_JWKS_URL', httpUrlSchema, HTTP_URL_RULE) ??
        'https://www.googleapis.com/oauth2/v3/certs',
      issuer:
        read(env, 'GOOGLE_ISSUER', z.string().regex(/^\S+$/), 'must not contain spaces') ??
        'https://accounts.google.com',
    },
    facebook: {
      appId: facebookAppId,
      appSecret: facebookAppSecret,
      graphUrl: read(env, 'FACEBOOK_GRAPH_URL', httpUrlSchema, HTTP_URL_RULE) ?? 'https://graph.facebook.com',
    },
    supportEnabled: read(env, 'SUPPORT_ENABLED', booleanSchema, BOOLEAN_RULE) ?? false,
    helperOrigins: read(
      env,
      'HELPER_ORIGINS',
      originListSchema,
      'must be a comma-separated list of origins like http://127.0.0.1:8080',
    ) ?? [publicOrigin],
    helperPorts: read(
      env,
      'HELPER_PORTS',
      portListSchema,
      'must be ports or ascending ranges like 20051-20054, comma-separated',
    ) ?? [...HELPER_PORTS],
    contactEmail:
      read(env, 'CONTACT_EMAIL', emailSchema, 'must be an e-mail address') ?? 'support@benchside.test',
    whereToBuyUrl:
      read(env, 'WHERE_TO_BUY_URL', httpUrlSchema, HTTP_URL_RULE) ?? 'https://benchside.test/where-to-buy',
    helperInstallerUrl:
      read(env, 'HELPER_INSTALLER_URL', httpUrlSchema, HTTP_URL_RULE) ??
      `${downloadsHost}/helper/benchside-helper.tgz`,
    helperLaunchUrl:
      read(
        env,
        'HELPER_LAUNCH_URL',
        urlWithSchemeSchema,
        'must be a URL with a scheme, e.g. benchside-helper://launch',
      ) ?? 'benchside-helper://launch',
    downloadsHost,
    webSeedUrls,
    languageStorageKey:
      read(
        env,
        'LANGUAGE_STORAGE_KEY',
        z.string().regex(/^[\w.-]{1,64}$/),
        'must be 1..64 letters, digits, dots, dashes or underscores',
      ) ?? 'selectedLang',
    // Only the demo reaches the fallback: checkDemoAndProductionRules refused a missing key otherwise.
    vendorCardMasterKey: vendorCardMasterKey ?? DEMO_VENDOR_CARD_MASTER_KEY,
    vendorCardMasterKeysPrevious,
    packageSigningKey: packageSigningKey === undefined ? null : resolve(packageSigningKey),
    packageSigningKeyNext: packageSigningKeyNext === undefined ? null : resolve(packageSigningKeyNext),
    logLevel: read(env, 'LOG_LEVEL', z.enum(LOG_LEVELS), `must be one of ${LOG_LEVELS.join(', ')}`) ?? 'info',
    nodeEnv,
    secureCookies: publicUrl.startsWith('https:'),
    trustProxy:
      read(
        env,
        'TRUST_PROXY',
        addressListSchema,
        'must be comma-separated IP addresses or CIDRs of the reverse proxies, e.g. 10.0.0.2,10.1.0.0/16',
      ) ?? [],
    metricsAllow: read(
      env,
      'METRICS_ALLOW',
      addressListSchema,
      'must be comma-separated IP addresses or CIDRs allowed to read /metrics, e.g. 127.0.0.1,10.2.0.0/16',
    ) ?? ['127.0.0.0/8', '::1'],
    shutdownGraceMs:
      read(
        env,
        'SHUTDOWN_GRACE_MS',
        z
          .string()
          .regex(/^\d{1,6}$/)
          .transform(Number)
          .pipe(z.number().int().min(1000).max(600_000)),
        'must be a whole number of milliseconds from 1000 to 600000',
      ) ?? 10_000,
    expiryReminderIntervalMinutes:
      read(
        env,
        'EXPIRY_REMINDER_INTERVAL_MINUTES',
        z
          .string()
          .regex(/^\d{1,4}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(1440)),
        'must be a whole number of minutes from 1 to 1440',
      ) ?? 15,
    expiryReminderTestRoute:
      demo && (read(env, 'E2E_EXPIRY_REMINDER_ROUTE', booleanSchema, BOOLEAN_RULE) ?? false),
    demo,
  };
  // After every variable is read, so a malformed one is reported before a missing one.
  checkDemoAndProductionRules({
    nodeEnv,
    demo,
    smtpUrl,
    vendorCardMasterKey,
    vendorCardMasterKeysPrevious,
    configuredPublicUrl,
    packageSigningKey,
    webSeedUrls,
  });
  // The demo key counts too: it is the current key when the demo runs without one.
  if (config.vendorCardMasterKeysPrevious.includes(config.vendorCardMasterKey.toLowerCase())) {
    throw new ConfigError('VENDOR_CARD_MASTER_KEYS_PREVIOUS must not repeat VENDOR_CARD_MASTER_KEY');
  }
  return config;
}

/**
 * A missing variable never switches a demo stand-in on: without `BENCHSIDE_DEMO` the mail server
 * and the card master key must be given, and production refuses the demo and its public values.
 */
function checkDemoAndProductionRules(settings: {
  nodeEnv: Config['nodeEnv'];
  demo: boolean;
  smtpUrl: string | null;
  vendorCardMasterKey: string | undefined;
  vendorCardMasterKeysPrevious: string[];
  configuredPublicUrl: string | undefined;
  packageSigningKey: string | undefined;
  webSeedUrls: string[];
}): void {
  const { nodeEnv, demo, smtpUrl, vendorCardMasterKey, configuredPublicUrl, packageSigningKey, webSeedUrls } =
    settings;
  if (nodeEnv === 'production') {
    if (demo) {
      throw new ConfigError(
        'BENCHSIDE_DEMO must be off when NODE_ENV=production: the demo password and card key are public (npm start turns it on unless BENCHSIDE_DEMO=0)',
      );
    }
    if (!smtpUrl) throw new ConfigError('SMTP_URL must be set when NODE_ENV=production');
    if (!vendorCardMasterKey) {
      throw new ConfigError('VENDOR_CARD_MASTER_KEY must be set when NODE_ENV=production');
    }
    if (vendorCardMasterKey.toLowerCase() === DEMO_VENDOR_CARD_MASTER_KEY) {
      throw new ConfigError(
        'VENDOR_CARD_MASTER_KEY must not be the public demo key when NODE_ENV=production',
      );
    }
    if (settings.vendorCardMasterKeysPrevious.includes(DEMO_VENDOR_CARD_MASTER_KEY)) {
      throw new ConfigError(
        'VENDOR_CARD_MASTER_KEYS_PREVIOUS must not hold the public demo key when NODE_ENV=production',
      );
    }
    if (!configuredPublicUrl) {
      throw new ConfigError('PUBLIC_URL must be set to an https:// URL when NODE_ENV=production');
    }
    if (!configuredPublicUrl.startsWith('https:')) {
      throw new ConfigError(
        `PUBLIC_URL must be an https:// URL when NODE_ENV=production, got ${JSON.stringify(configuredPublicUrl)}`,
      );
    }
    if (!packageSigningKey) {
      throw new ConfigError(
        'PACKAGE_SIGNING_KEY must be set when NODE_ENV=production (the PEM file of the Ed25519 key that signs packages; a generated key is for development)',
      );
    }
    const plainSeed = webSeedUrls.find((url) => !url.startsWith('https:'));
    if (plainSeed) {
      throw new ConfigError(
        `WEB_SEED_URLS must be https:// URLs when NODE_ENV=production, got ${JSON.stringify(plainSeed)}`,
      );
    }
    return;
  }
  if (demo) return;
  if (!smtpUrl) {
    throw new ConfigError(SMTP_URL_REQUIRED_OUTSIDE_DEMO);
  }
  if (!vendorCardMasterKey) {
    throw new ConfigError(
      'VENDOR_CARD_MASTER_KEY must be set unless BENCHSIDE_DEMO=1 (64 hexadecimal characters; the demo key is public)',
    );
  }
}

/** What the web app may know about this deployment (embedded in index.html). */
export function clientConfig(config: Config): ClientConfig {
  return {
    supportUrl: config.supportUrl,
    supportEnabled: config.supportEnabled,
    googleClientId: config.google.clientId,
    facebookAppId: config.facebook.appId,
    contactEmail: config.contactEmail,
    whereToBuyUrl: config.whereToBuyUrl,
    helperInstallerUrl: config.helperInstallerUrl,
    helperLaunchUrl: config.helperLaunchUrl,
    downloadsHost: config.downloadsHost,
    languageStorageKey: config.languageStorageKey,
    helperPorts: config.helperPorts,
  };
}
