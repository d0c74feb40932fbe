import { generateKeyPairSync } from 'node:crypto';
import { packagePublicKeyText } from '@benchside/server/package-signing';
import { describe, expect, it } from 'vitest';
import { HelperConfigError, loadHelperConfig, parseOrigins, parsePorts } from '../src/config.ts';

describe('HELPER_PORTS', () => {
  it('defaults to 20051-20054', () => {
    expect(parsePorts(undefined)).toEqual([20051, 20052, 20053, 20054]);
  });

  it('reads ranges, lists and single ports', () => {
    expect(parsePorts('30000-30002')).toEqual([30000, 30001, 30002]);
    expect(parsePorts('30000,30005-30006')).toEqual([30000, 30005, 30006]);
    expect(parsePorts('30007')).toEqual([30007]);
  });

  it.each(['abc', '0', '70000', '20054-20051', '1-2-3', '20051-', '1-1000'])(
    'refuses %s naming the variable',
    (value) => {
      expect(() => parsePorts(value)).toThrow(HelperConfigError);
      expect(() => parsePorts(value)).toThrow(/^HELPER_PORTS: /);
    },
  );
});

describe('HELPER_ORIGINS', () => {
  it('defaults to the portal on 127.0.0.1 and localhost at PORT', () => {
    expect(parseOrigins({})).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
    expect(parseOrigins({ PORT: '18080' })).toEqual(['http://127.0.0.1:18080', 'http://localhost:18080']);
  });

  it('takes the portal origin from PUBLIC_URL', () => {
    expect(parseOrigins({ PUBLIC_URL: 'https://portal.example.com/app/' })).toEqual([
      'https://portal.example.com',
      'http://localhost:8080',
    ]);
  });

  it('reads an explicit comma list, normalised to origins', () => {
    expect(parseOrigins({ HELPER_ORIGINS: 'https://a.example, http://127.0.0.1:3000/' })).toEqual([
      'https://a.example',
      'http://127.0.0.1:3000',
    ]);
  });

  it.each(['*', 'not a url', 'ftp://a.example', 'https://a.example/path', 'https://a.example?x=1'])(
    'refuses %s naming the variable',
    (value) => {
      expect(() => parseOrigins({ HELPER_ORIGINS: value })).toThrow(/^HELPER_ORIGINS: /);
    },
  );
});

describe('HELPER_CONFIG_DIR and LOG_LEVEL', () => {
  it('uses XDG_CONFIG_HOME, then ~/.config', () => {
    expect(loadHelperConfig({ XDG_CONFIG_HOME: '/xdg' }).configDir).toBe('/xdg/benchside-helper');
    expect(loadHelperConfig({ HELPER_CONFIG_DIR: '/explicit' }).configDir).toBe('/explicit');
    expect(loadHelperConfig({ XDG_CONFIG_HOME: 'relative' }).configDir).toMatch(
      /\/\.config\/benchside-helper$/,
    );
  });

  it('refuses a relative HELPER_CONFIG_DIR and an unknown LOG_LEVEL', () => {
    expect(() => loadHelperConfig({ HELPER_CONFIG_DIR: 'relative' })).toThrow(/^HELPER_CONFIG_DIR: /);
    expect(() => loadHelperConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL: /);
  });
});

describe('HELPER_PEER_TO_PEER', () => {
  it('is off unless switched on', () => {
    expect(loadHelperConfig({}).peerToPeer).toBe(false);
    expect(loadHelperConfig({ HELPER_PEER_TO_PEER: 'off' }).peerToPeer).toBe(false);
    expect(loadHelperConfig({ HELPER_PEER_TO_PEER: ' ON ' }).peerToPeer).toBe(true);
  });

  it.each(['yes', '1', 'true'])('refuses %s naming the variable', (value) => {
    expect(() => loadHelperConfig({ HELPER_PEER_TO_PEER: value })).toThrow(/^HELPER_PEER_TO_PEER: /);
  });
});

describe('HELPER_DOWNLOADS_HOSTS and HELPER_PACKAGE_KEY', () => {
  const publicKey = packagePublicKeyText(generateKeyPairSync('ed25519').publicKey);

  it('fetches from the portal downloads host by default, or from the listed ones', () => {
    expect(loadHelperConfig({}).downloadsHosts).toEqual([
      'http://127.0.0.1:8080/dl',
      'http://localhost:8080/dl',
    ]);
    expect(loadHelperConfig({ DOWNLOADS_HOST: 'https://cdn.example.com/dl/' }).downloadsHosts).toEqual([
      'https://cdn.example.com/dl',
    ]);
    expect(
      loadHelperConfig({ HELPER_DOWNLOADS_HOSTS: 'https://a.example/dl, https://b.example/files/' })
        .downloadsHosts,
    ).toEqual(['https://a.example/dl', 'https://b.example/files']);
  });

  it.each(['ftp://a.example/dl', 'https://a.example/dl?x=1', 'https://user:pw@a.example/dl', 'nope'])(
    'refuses the downloads host %s naming the variable',
    (value) => {
      expect(() => loadHelperConfig({ HELPER_DOWNLOADS_HOSTS: value })).toThrow(/^HELPER_DOWNLOADS_HOSTS: /);
    },
  );

  it('trusts no publishing key unless one is configured, and refuses a malformed one', () => {
    expect(loadHelperConfig({}).packageKeys).toEqual([]);
    expect(
      loadHelperConfig({ HELPER_PACKAGE_KEY: publicKey }).packageKeys.map((key) => key.asymmetricKeyType),
    ).toEqual(['ed25519']);
    expect(() => loadHelperConfig({ HELPER_PACKAGE_KEY: 'short' })).toThrow(/^HELPER_PACKAGE_KEY: /);
  });

  it('an installer built by a portal trusts that portal, its downloads host and its key', () => {
    const builtIn = {
      portalUrl: 'https://portal.example.com',
      downloadsHost: 'https://portal.example.com/dl',
      packageKeys: [publicKey],
    };
    const config = loadHelperConfig({ PORT: '8080' }, builtIn);
    expect(config.origins).toEqual(['https://portal.example.com']);
    expect(config.downloadsHosts).toEqual(['https://portal.example.com/dl']);
    expect(config.packageKeys.map(packagePublicKeyText)).toEqual([publicKey]);
  });

  it('trusts every key of a comma-separated HELPER_PACKAGE_KEY or of the built-in list (key rotation)', () => {
    const next = packagePublicKeyText(generateKeyPairSync('ed25519').publicKey);
    const configured = loadHelperConfig({ HELPER_PACKAGE_KEY: ` ${publicKey}, ${next} ` });
    expect(configured.packageKeys.map(packagePublicKeyText)).toEqual([publicKey, next]);
    const builtIn = loadHelperConfig({}, { packageKeys: [publicKey, next] });
    expect(builtIn.packageKeys.map(packagePublicKeyText)).toEqual([publicKey, next]);
    expect(() => loadHelperConfig({ HELPER_PACKAGE_KEY: `${publicKey},short` })).toThrow(
      /^HELPER_PACKAGE_KEY: [^\n]+$/,
    );
  });
});
