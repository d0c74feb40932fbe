import type { HelperInfo } from '@benchside/contracts/helper';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  type HelperPanelFacts,
  helperChecks,
  LOW_FREE_SPACE_BYTES,
} from './helper-checks.ts';

const GB = 1024 ** 3;

const info = (downloadFolder: Partial<HelperInfo['downloadFolder']> = {}): HelperInfo => ({
  version: '0.1.0',
  port: 20052,
  downloadFolder: { path: '/home/tech/Benchside', exists: true, freeBytes: 40 * GB, ...downloadFolder },
});

/** A technician whose helper answers, with a reader and a Benchside card in it. */
const healthy: HelperPanelFacts = {
  status: 'connected',
  access: 'open',
  permission: 'granted',
  secureContext: true,
  info: info(),
  latestVersion: '0.1.0',
  readers: [{ name: 'ACS ACR39U', cardPresent: true }],
  cards: [{ readerName: 'ACS ACR39U', atr: '3B', serial: 'BS-0001', firmwareVersion: '2.1.0', products: [] }],
};

const facts = (changes: Partial<HelperPanelFacts>): HelperPanelFacts => ({ ...healthy, ...changes });

describe('the helper panel checks', () => {
  it('are all ok for a connected, current helper with a card in its reader and room in its folder', () => {
    const checks = helperChecks(healthy);
    expect(Object.values(checks).map((check) => [check.state, check.fix])).toEqual(
      Array(5).fill(['ok', null]),
    );
    expect(checks.helper.detail).toEqual({ port: 20052 });
    expect(checks.readers.detail.readers).toEqual([{ name: 'ACS ACR39U', card: { serial: 'BS-0001' } }]);
    expect(checks.folder.detail).toEqual({ path: '/home/tech/Benchside', freeBytes: 40 * GB });
  });

  it('asks to start the helper when none answers, and leaves what only the helper knows unknown', () => {
    const checks = helperChecks(
      facts({ status: 'no-connection', info: 'asking', readers: 'asking', cards: 'asking' }),
    );
    expect(checks.helper).toMatchObject({ state: 'problem', fix: 'startHelper' });
    for (const check of [checks.version, checks.readers, checks.folder]) {
      expect(check).toMatchObject({ state: 'unknown', fix: null });
    }
  });

  it('names the browser, not the helper, when the browser keeps the page from it', () => {
    const blocked = helperChecks(facts({ status: 'no-connection', access: 'blocked', permission: 'denied' }));
    expect(blocked.helper.fix).toBe('allowLocalNetwork');
    expect(blocked.permission).toMatchObject({ state: 'problem', fix: 'allowLocalNetwork' });
    const insecure = helperChecks(
      facts({ status: 'no-connection', access: 'insecure', permission: 'denied', secureContext: false }),
    );
    expect(insecure.helper.fix).toBe('openHttps');
    expect(insecure.permission.fix).toBe('openHttps');
    expect(helperChecks(facts({ status: 'no-connection', access: 'no-helper-here' })).helper.fix).toBe(
      'useComputer',
    );
  });

  it('reads the local-network permission: prompt is fine, a browser without it is unknown', () => {
    expect(helperChecks(facts({ permission: 'prompt' })).permission.state).toBe('ok');
    expect(helperChecks(facts({ permission: 'unsupported' })).permission).toMatchObject({
      state: 'unknown',
      fix: null,
    });
    expect(helperChecks(facts({ permission: null })).permission.state).toBe('checking');
  });

  it('offers the update when the portal serves a newer installer', () => {
    expect(helperChecks(facts({ latestVersion: '0.2.0' })).version).toEqual({
      state: 'problem',
      fix: 'downloadUpdate',
      detail: { installed: '0.1.0', latest: '0.2.0' },
    });
    // A helper newer than the portal's installer (a developer build) is not outdated.
    expect(helperChecks(facts({ latestVersion: '0.0.9' })).version.state).toBe('ok');
    // The portal not saying leaves it unknown, never a false "update available".
    expect(helperChecks(facts({ latestVersion: 'failed' })).version).toMatchObject({
      state: 'unknown',
      fix: null,
    });
  });

  it('asks for a reader when there is none, and for a card when no reader holds one', () => {
    expect(helperChecks(facts({ readers: [], cards: [] })).readers).toMatchObject({
      state: 'problem',
      fix: 'plugInReader',
    });
    const empty = helperChecks(facts({ readers: [{ name: 'ACS ACR39U', cardPresent: false }], cards: [] }));
    expect(empty.readers).toEqual({
      state: 'problem',
      fix: 'insertCard',
      detail: { readers: [{ name: 'ACS ACR39U', card: null }] },
    });
  });

  it('lists each reader with its card, and is content when one of several holds a card', () => {
    const checks = helperChecks(
      facts({
        readers: [
          { name: 'Reader A', cardPresent: false },
          { name: 'ACS ACR39U', cardPresent: true },
          { name: 'Reader C', cardPresent: true },
        ],
      }),
    );
    expect(checks.readers.state).toBe('ok');
    expect(checks.readers.detail.readers).toEqual([
      { name: 'Reader A', card: null },
      { name: 'ACS ACR39U', card: { serial: 'BS-0001' } },
      // A card the helper does not list as a Benchside card: present, with no serial.
      { name: 'Reader C', card: { serial: null } },
    ]);
  });

  it('asks for another folder when the download folder is missing or its disk has less than 1 GiB left', () => {
    expect(helperChecks(facts({ info: info({ exists: false, freeBytes: null }) })).folder).toMatchObject({
      state: 'problem',
      fix: 'createFolder',
    });
    expect(helperChecks(facts({ info: info({ freeBytes: LOW_FREE_SPACE_BYTES - 1 }) })).folder).toMatchObject(
      { state: 'problem', fix: 'freeSpace' },
    );
    expect(helperChecks(facts({ info: info({ freeBytes: LOW_FREE_SPACE_BYTES }) })).folder.state).toBe('ok');
  });

  it('shows checking while the helper is being asked', () => {
    const checks = helperChecks(facts({ info: 'asking', readers: 'asking', cards: 'asking' }));
    expect([checks.version.state, checks.readers.state, checks.folder.state]).toEqual([
      'checking',
      'checking',
      'checking',
    ]);
    expect(helperChecks(facts({ status: 'pending' })).helper.state).toBe('checking');
  });
});

describe('compareVersions', () => {
  it.each([
    ['0.1.0', '0.1.0', 0],
    ['0.1.0', '0.2.0', -1],
    ['0.10.0', '0.9.1', 1],
    ['1.0', '1.0.0', 0],
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.0.0', '1.0.0-rc.1', 1],
    ['1.0.0-rc.1', '1.0.0-rc.2', -1],
  ])('%s against %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});
