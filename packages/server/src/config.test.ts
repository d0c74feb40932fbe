import { resolve } from 'node:path';
import { DEMO_VENDOR_CARD_MASTER_KEY } from '@benchside/contracts/helper';
import { describe, expect, it } from 'vitest';
import { ConfigError, clientConfig, type Env, loadConfig } from './config.ts';
import { securityHeaders } from './security-headers.ts';

/** What `npm start` adds: the demo's stand-ins for the mail server and the card master key. */
const DEMO = { BENCHSIDE_DEMO: '1' };
const OWN_MASTER_KEY = '5a'.repeat(32);
/** Everything a production start needs; each rule below removes or spoils one of them. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
  VENDOR_CARD_MASTER_KEY: OWN_MASTER_KEY,
  PUBLIC_URL: 'https://portal.example.com',
  PACKAGE_SIGNING_KEY: '/etc/benchside/package-signing-key.pem',
};

function errorFor(env: Env): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    const config = loadConfig(DEMO);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      supportPort: 8081,
      publicUrl: 'http://127.0.0.1:8080',
      publicOrigin: 'http://127.0.0.1:8080',
      supportUrl: 'http://127.0.0.1:8081',
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Benchside <no-reply@localhost>',
      google: {
        clientId: null,
        jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        issuer: 'https://accounts.google.com',
      },
      facebook: { appId: null, appSecret: null, graphUrl: 'https://graph.facebook.com' },
      supportEnabled: false,
      helperOrigins: ['http://127.0.0.1:8080'],
      helperPorts: [20051, 20052, 20053, 20054],
      contactEmail: 'support@benchside.test',
      helperLaunchUrl: 'benchside-helper://launch',
      downloadsHost: 'http://127.0.0.1:8080/dl',
      languageStorageKey: 'selectedLang',
      logLevel: 'info',
      nodeEnv: 'development',
      secureCookies: false,
      demo: true,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('derives the URLs from the ports and honours explicit values', () => {
    const config = loadConfig({
      ...DEMO,
      PORT: '9000',
      SUPPORT_PORT: '9001',
      PUBLIC_URL: 'https://portal.example.com/',
      SUPPORT_ENABLED: 'true',
      HELPER_PORTS: '30000, 30005-30006',
      HELPER_ORIGINS: 'https://portal.example.com, http://localhost:5173',
    });
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.supportUrl).toBe('http://127.0.0.1:9001');
    expect(config.downloadsHost).toBe('https://portal.example.com/dl');
    expect(config.helperInstallerUrl).toBe('https://portal.example.com/dl/helper/benchside-helper.tgz');
    expect(config.secureCookies).toBe(true);
    expect(config.supportEnabled).toBe(true);
    expect(config.helperPorts).toEqual([30000, 30005, 30006]);
    expect(config.helperOrigins).toEqual(['https://portal.example.com', 'http://localhost:5173']);
  });

  it.each([
    [{ HOST: 'bad host' }, 'HOST must be a host name or IP address, got "bad host"'],
    [{ PORT: 'abc' }, 'PORT must be a port number 1..65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be a port number 1..65535, got "70000"'],
    [{ SUPPORT_PORT: '0' }, 'SUPPORT_PORT must be a port number 1..65535, got "0"'],
    [{ PORT: '9000', SUPPORT_PORT: '9000' }, 'SUPPORT_PORT must differ from PORT, both are 9000'],
    [{ PUBLIC_URL: 'portal.example.com' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ SUPPORT_URL: 'ftp://x' }, 'SUPPORT_URL must be an http(s) URL'],
    [{ DATABASE_URL: 'mysql://u:secret@h/db' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an e-mail address or "Name <address>"'],
    [{ GOOGLE_CLIENT_ID: 'has space' }, 'GOOGLE_CLIENT_ID must not contain spaces'],
    [{ GOOGLE_JWKS_URL: 'nope' }, 'GOOGLE_JWKS_URL must be an http(s) URL'],
    [{ GOOGLE_ISSUER: 'a b' }, 'GOOGLE_ISSUER must not contain spaces'],
    [{ FACEBOOK_APP_ID: 'a b' }, 'FACEBOOK_APP_ID must be an app id'],
    [{ FACEBOOK_APP_ID: '1234' }, 'FACEBOOK_APP_SECRET must be set when FACEBOOK_APP_ID is set'],
    [{ FACEBOOK_GRAPH_URL: 'graph' }, 'FACEBOOK_GRAPH_URL must be an http(s) URL'],
    [{ SUPPORT_ENABLED: 'maybe' }, 'SUPPORT_ENABLED must be true or false, got "maybe"'],
    [{ HELPER_ORIGINS: 'http://a.test/path' }, 'HELPER_ORIGINS must be a comma-separated list of origins'],
    [{ HELPER_PORTS: '20054-20051' }, 'HELPER_PORTS must be ports or ascending ranges like 20051-20054'],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL must be an e-mail address, got "nobody"'],
    [{ WHERE_TO_BUY_URL: 'shop' }, 'WHERE_TO_BUY_URL must be an http(s) URL'],
    [{ HELPER_INSTALLER_URL: '/setup.exe' }, 'HELPER_INSTALLER_URL must be an http(s) URL'],
    [{ HELPER_LAUNCH_URL: 'launch' }, 'HELPER_LAUNCH_URL must be a URL with a scheme'],
    [{ DOWNLOADS_HOST: 'dl' }, 'DOWNLOADS_HOST must be an http(s) URL'],
    [{ LANGUAGE_STORAGE_KEY: 'has space' }, 'LANGUAGE_STORAGE_KEY must be 1..64 letters'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, production, test, got "staging"'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL must be set when NODE_ENV=production'],
    [
      {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        VENDOR_CARD_MASTER_KEY: 'ab'.repeat(32),
        PUBLIC_URL: 'https://portal.example.com',
      },
      'PACKAGE_SIGNING_KEY must be set when NODE_ENV=production',
    ],
  ])('rejects %j with one line naming the variable', (env, expected) => {
    const message = errorFor(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('never repeats a value that may hold a password', () => {
    expect(errorFor({ DATABASE_URL: 'mysql://u:secret@h/db' })).not.toContain('secret');
    expect(errorFor({ SMTP_URL: 'http://u:secret@mail' })).not.toContain('secret');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...DEMO, PORT: '', SMTP_URL: ' ' })).toMatchObject({ port: 8080, smtpUrl: null });
  });
});

describe('loadConfig: demo parts only under BENCHSIDE_DEMO', () => {
  it('uses the public demo card key and the mail catcher only when BENCHSIDE_DEMO is on', () => {
    expect(loadConfig(DEMO)).toMatchObject({
      demo: true,
      smtpUrl: null,
      vendorCardMasterKey: DEMO_VENDOR_CARD_MASTER_KEY,
    });
  });

  it.each([
    [{ BENCHSIDE_DEMO: 'maybe' }, 'BENCHSIDE_DEMO must be true or false, got "maybe"'],
    [{ VENDOR_CARD_MASTER_KEY: OWN_MASTER_KEY }, 'SMTP_URL must be set unless BENCHSIDE_DEMO=1'],
    [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, 'VENDOR_CARD_MASTER_KEY must be set unless BENCHSIDE_DEMO=1'],
    [
      { BENCHSIDE_DEMO: '0', VENDOR_CARD_MASTER_KEY: OWN_MASTER_KEY },
      'SMTP_URL must be set unless BENCHSIDE_DEMO=1',
    ],
  ])('without the demo flag, refuses %j instead of using a demo stand-in', (env, expected) => {
    const message = errorFor(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('runs a development or test start on explicit settings without the demo', () => {
    const env = { SMTP_URL: 'smtp://127.0.0.1:2525', VENDOR_CARD_MASTER_KEY: OWN_MASTER_KEY };
    expect(loadConfig(env)).toMatchObject({
      demo: false,
      smtpUrl: 'smtp://127.0.0.1:2525',
      vendorCardMasterKey: OWN_MASTER_KEY,
    });
    expect(loadConfig({ ...env, NODE_ENV: 'test', BENCHSIDE_DEMO: 'false' }).demo).toBe(false);
  });
});

describe('loadConfig: NODE_ENV=production', () => {
  it('starts with a mail server, its own card key and an https PUBLIC_URL', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      nodeEnv: 'production',
      demo: false,
      vendorCardMasterKey: OWN_MASTER_KEY,
      secureCookies: true,
    });
  });

  it.each([
    ['the demo flag', { BENCHSIDE_DEMO: '1' }, 'BENCHSIDE_DEMO must be off when NODE_ENV=production'],
    ['a missing SMTP_URL', { SMTP_URL: undefined }, 'SMTP_URL must be set when NODE_ENV=production'],
    [
      'a missing VENDOR_CARD_MASTER_KEY',
      { VENDOR_CARD_MASTER_KEY: undefined },
      'VENDOR_CARD_MASTER_KEY must be set when NODE_ENV=production',
    ],
    [
      'the demo VENDOR_CARD_MASTER_KEY',
      { VENDOR_CARD_MASTER_KEY: DEMO_VENDOR_CARD_MASTER_KEY },
      'VENDOR_CARD_MASTER_KEY must not be the public demo key when NODE_ENV=production',
    ],
    [
      'the demo VENDOR_CARD_MASTER_KEY in capitals',
      { VENDOR_CARD_MASTER_KEY: DEMO_VENDOR_CARD_MASTER_KEY.toUpperCase() },
      'VENDOR_CARD_MASTER_KEY must not be the public demo key when NODE_ENV=production',
    ],
    [
      'an http:// PUBLIC_URL',
      { PUBLIC_URL: 'http://portal.example.com' },
      'PUBLIC_URL must be an https:// URL when NODE_ENV=production, got "http://portal.example.com"',
    ],
    [
      'a missing PUBLIC_URL',
      { PUBLIC_URL: undefined },
      'PUBLIC_URL must be set to an https:// URL when NODE_ENV=production',
    ],
  ])('refuses %s in one line naming the variable', (_name, change, expected) => {
    const message = errorFor({ ...PRODUCTION, ...change });
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('secret');
    expect(message).not.toContain(DEMO_VENDOR_CARD_MASTER_KEY);
  });
});

describe('loadConfig: key rotation', () => {
  it('reads PACKAGE_SIGNING_KEY_NEXT as a file path, unset by default', () => {
    expect(loadConfig(DEMO).packageSigningKeyNext).toBeNull();
    expect(loadConfig({ ...DEMO, PACKAGE_SIGNING_KEY_NEXT: 'keys/next.pem' }).packageSigningKeyNext).toBe(
      resolve('keys/next.pem'),
    );
  });

  it('reads VENDOR_CARD_MASTER_KEYS_PREVIOUS: none by default, else up to 4 keys, in lower case', () => {
    expect(loadConfig(DEMO).vendorCardMasterKeysPrevious).toEqual([]);
    const previous = ` ${'AB'.repeat(32)}, ${'cd'.repeat(32)} `;
    expect(
      loadConfig({ ...DEMO, VENDOR_CARD_MASTER_KEYS_PREVIOUS: previous }).vendorCardMasterKeysPrevious,
    ).toEqual(['ab'.repeat(32), 'cd'.repeat(32)]);
  });

  const PREVIOUS_RULE =
    'VENDOR_CARD_MASTER_KEYS_PREVIOUS must be 1 to 4 different comma-separated keys of 64 hexadecimal characters';
  it.each([
    ['a malformed key', `${'ab'.repeat(32)},short`, PREVIOUS_RULE],
    ['five keys', ['01', '02', '03', '04', '05'].map((byte) => byte.repeat(32)).join(','), PREVIOUS_RULE],
    ['a key twice', `${'ab'.repeat(32)},${'AB'.repeat(32)}`, PREVIOUS_RULE],
    [
      'the current key',
      `${'ab'.repeat(32)},${OWN_MASTER_KEY.toUpperCase()}`,
      'VENDOR_CARD_MASTER_KEYS_PREVIOUS must not repeat VENDOR_CARD_MASTER_KEY',
    ],
  ])(
    'refuses %s among the previous card master keys in one line, never repeating a key',
    (_name, previous, expected) => {
      const message = errorFor({
        ...DEMO,
        VENDOR_CARD_MASTER_KEY: OWN_MASTER_KEY,
        VENDOR_CARD_MASTER_KEYS_PREVIOUS: previous,
      });
      expect(message.startsWith(expected)).toBe(true);
      expect(message).not.toContain('\n');
      expect(message.toLowerCase()).not.toContain('ab'.repeat(32));
      expect(message.toLowerCase()).not.toContain(OWN_MASTER_KEY);
    },
  );

  it('refuses the public demo key among the previous card master keys when NODE_ENV=production', () => {
    const message = errorFor({
      ...PRODUCTION,
      VENDOR_CARD_MASTER_KEYS_PREVIOUS: `${'ab'.repeat(32)},${DEMO_VENDOR_CARD_MASTER_KEY.toUpperCase()}`,
    });
    expect(message).toBe(
      'VENDOR_CARD_MASTER_KEYS_PREVIOUS must not hold the public demo key when NODE_ENV=production',
    );
    expect(loadConfig({ ...PRODUCTION, VENDOR_CARD_MASTER_KEYS_PREVIOUS: 'ab'.repeat(32) })).toMatchObject({
      vendorCardMasterKeysPrevious: ['ab'.repeat(32)],
    });
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig(DEMO).trustProxy).toEqual([]);
  });

  it('reads comma-separated IPv4 and IPv6 addresses and CIDRs', () => {
    expect(loadConfig({ ...DEMO, TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each([
    'proxy.example.com',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/1',
    '10.0.0.0/',
    '256.0.0.1',
    '*',
    ',',
  ])('rejects %j with one line naming the variable', (value) => {
    const message = errorFor({ TRUST_PROXY: value });
    expect(message).toBe(
      `TRUST_PROXY must be comma-separated IP addresses or CIDRs of the reverse proxies, e.g. 10.0.0.2,10.1.0.0/16, got ${JSON.stringify(value)}`,
    );
  });
});

describe('loadConfig: METRICS_ALLOW and SHUTDOWN_GRACE_MS', () => {
  it('lets only loopback read /metrics and drains for 10 s by default', () => {
    expect(loadConfig(DEMO)).toMatchObject({ metricsAllow: ['127.0.0.0/8', '::1'], shutdownGraceMs: 10_000 });
  });

  it('reads the scrapers’ addresses and a grace in milliseconds', () => {
    expect(
      loadConfig({ ...DEMO, METRICS_ALLOW: '10.2.0.5, 10.3.0.0/16,fd00::/8', SHUTDOWN_GRACE_MS: '30000' }),
    ).toMatchObject({ metricsAllow: ['10.2.0.5', '10.3.0.0/16', 'fd00::/8'], shutdownGraceMs: 30_000 });
  });

  it.each(['prometheus.internal', '10.0.0.0/33', '*'])(
    'rejects METRICS_ALLOW=%j with one line naming the variable',
    (value) => {
      expect(errorFor({ ...DEMO, METRICS_ALLOW: value })).toBe(
        `METRICS_ALLOW must be comma-separated IP addresses or CIDRs allowed to read /metrics, e.g. 127.0.0.1,10.2.0.0/16, got ${JSON.stringify(value)}`,
      );
    },
  );

  it.each(['10s', '999', '600001', '-5', '1e4'])(
    'rejects SHUTDOWN_GRACE_MS=%j with one line naming the variable',
    (value) => {
      expect(errorFor({ ...DEMO, SHUTDOWN_GRACE_MS: value })).toBe(
        `SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1000 to 600000, got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe('loadConfig: object storage (S3_*)', () => {
  it('keeps files under DATA_DIR when S3_BUCKET is unset', () => {
    expect(loadConfig(DEMO).storage).toEqual({ kind: 'local' });
  });

  it('switches to the bucket when S3_BUCKET is set, with the SDK deciding what is left unset', () => {
    expect(loadConfig({ ...DEMO, S3_BUCKET: 'benchside-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'benchside-files',
      endpoint: null,
      region: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...DEMO,
        S3_BUCKET: 'files.example',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'garage',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'files.example',
      endpoint: 'http://127.0.0.1:9000',
      region: 'garage',
      forcePathStyle: true,
    });
  });

  it.each([
    [
      { S3_BUCKET: 'Has_Capitals' },
      'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots',
    ],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 's3.example.com' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ S3_BUCKET: 'files', S3_REGION: 'eu west' }, 'S3_REGION must be a region name like eu-west-1'],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to keep files in that bucket, or unset S3_ENDPOINT to keep them under DATA_DIR',
    ],
    [{ S3_REGION: 'eu-west-1' }, 'S3_REGION is set but S3_BUCKET is not'],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'S3_FORCE_PATH_STYLE is set but S3_BUCKET is not'],
  ])('refuses %j in one line naming the variable, never falling back to DATA_DIR', (env, expected) => {
    const message = errorFor({ ...DEMO, ...env });
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
  });
});

describe('loadConfig: WEB_SEED_URLS', () => {
  it('lists no extra web seed by default', () => {
    expect(loadConfig(DEMO).webSeedUrls).toEqual([]);
  });

  it('reads comma-separated base URLs without their trailing slash', () => {
    expect(
      loadConfig({
        ...DEMO,
        WEB_SEED_URLS: ' https://cdn.example.com/packages/ , http://127.0.0.1:9000/files/catalogue/packages',
      }).webSeedUrls,
    ).toEqual(['https://cdn.example.com/packages', 'http://127.0.0.1:9000/files/catalogue/packages']);
  });

  it.each(['cdn.example.com', 'https://cdn.example.com/?token=1', 'ftp://cdn.example.com', ','])(
    'refuses %j in one line naming the variable',
    (value) => {
      expect(errorFor({ ...DEMO, WEB_SEED_URLS: value })).toBe(
        `WEB_SEED_URLS must be comma-separated http(s) base URLs without query or credentials, e.g. https://cdn.example.com/packages, got ${JSON.stringify(value)}`,
      );
    },
  );

  it('takes only https:// web seeds when NODE_ENV=production', () => {
    expect(
      loadConfig({ ...PRODUCTION, WEB_SEED_URLS: 'https://cdn.example.com/packages' }).webSeedUrls,
    ).toEqual(['https://cdn.example.com/packages']);
    expect(
      errorFor({
        ...PRODUCTION,
        WEB_SEED_URLS: 'https://cdn.example.com/packages,http://bucket.example.com/p',
      }),
    ).toBe('WEB_SEED_URLS must be https:// URLs when NODE_ENV=production, got "http://bucket.example.com/p"');
  });
});

describe('clientConfig', () => {
  it('exposes only what the web app needs, no secrets', () => {
    const config = loadConfig({
      ...DEMO,
      FACEBOOK_APP_ID: '42',
      FACEBOOK_APP_SECRET: 'top-secret',
      GOOGLE_CLIENT_ID: 'g-id',
    });
    const client = clientConfig(config);
    expect(client).toMatchObject({
      facebookAppId: '42',
      googleClientId: 'g-id',
      supportUrl: 'http://127.0.0.1:8081',
    });
    expect(JSON.stringify(client)).not.toContain('top-secret');
  });

  it('tells the web app the helper ports HELPER_PORTS sets, the ones its CSP lets it reach', () => {
    expect(clientConfig(loadConfig(DEMO)).helperPorts).toEqual([20051, 20052, 20053, 20054]);
    const config = loadConfig({ ...DEMO, HELPER_PORTS: '30000, 30005-30006' });
    expect(clientConfig(config).helperPorts).toEqual([30000, 30005, 30006]);
    expect(securityHeaders(config).htmlCsp).toContain(
      'http://127.0.0.1:30000 http://127.0.0.1:30005 http://127.0.0.1:30006',
    );
  });
});

describe('loadConfig: the expiry reminder job', () => {
  it('runs every 15 minutes by default, or as often as EXPIRY_REMINDER_INTERVAL_MINUTES says', () => {
    expect(loadConfig(DEMO).expiryReminderIntervalMinutes).toBe(15);
    expect(
      loadConfig({ ...DEMO, EXPIRY_REMINDER_INTERVAL_MINUTES: '60' }).expiryReminderIntervalMinutes,
    ).toBe(60);
  });

  it.each(['0', '1441', '5.5', 'hourly'])('rejects EXPIRY_REMINDER_INTERVAL_MINUTES=%j', (value) => {
    expect(errorFor({ ...DEMO, EXPIRY_REMINDER_INTERVAL_MINUTES: value })).toBe(
      `EXPIRY_REMINDER_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440, got ${JSON.stringify(value)}`,
    );
  });

  it('opens the end-to-end route that runs the job only in the demo', () => {
    expect(loadConfig({ ...DEMO, E2E_EXPIRY_REMINDER_ROUTE: 'true' }).expiryReminderTestRoute).toBe(true);
    expect(loadConfig({ ...PRODUCTION, E2E_EXPIRY_REMINDER_ROUTE: 'true' }).expiryReminderTestRoute).toBe(
      false,
    );
  });
});
