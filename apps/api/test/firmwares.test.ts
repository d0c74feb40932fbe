import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesCollectionSchema, modelsCollectionSchema } from '@benchside/contracts/catalogue';
import {
  ANDROID_VERSION_RULE,
  firmwareBuildDetailSchema,
  firmwareBuildsResponseSchema,
  REGION_RULE,
} from '@benchside/contracts/firmwares';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_NOT_FOUND_MESSAGE } from '../src/catalogue/firmware-routes.ts';
import type { FirmwareDetailsRequest, PublishedPackage } from '../src/catalogue/publish.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { publishContent } from './catalogue-helpers.ts';

const PASSWORD = 'Firmwares#2026';
let api: RunningApi;
let work: string;
let dataDir: string;
let cookie: string;
const published = new Map<string, PublishedPackage>();

const get = (path: string, withCookie = true) => call(api, 'GET', path, withCookie ? { cookie } : {});

async function builds(query: string) {
  const response = await get(`/api/firmwares?brand=Samsung&model=SM-G991B${query}`);
  expect(response.status).toBe(200);
  return firmwareBuildsResponseSchema.parse(await response.json());
}

/** Each build's name, with `*` after the newest of its region. */
const marked = (page: Awaited<ReturnType<typeof builds>>) =>
  page.member.map((build) => `${build.file}${build.latestForRegion ? '*' : ''}`);

async function publishBuild(name: string, details: FirmwareDetailsRequest, model = 'SM-G991B') {
  published.set(
    name,
    await publishContent(api, work, name, `the bytes of ${name}`, {
      kind: 'firmware',
      brand: 'Samsung',
      model,
      soft: 'Flash',
      version: name.replace(/\.bin$/, ''),
      details,
    }),
  );
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'benchside-firmwares-src-'));
  dataDir = await mkdtemp(join(tmpdir(), 'benchside-firmwares-data-'));
  api = await startApi({ env: { DATA_DIR: dataDir } });
  await createUser(api.db, { username: 'tech', email: 'tech@example.com', password: PASSWORD });
  cookie = await signIn(api, 'tech', PASSWORD);
  // Published out of release order, as vendors' builds arrive.
  await publishBuild('EUX-13.bin', {
    region: 'EUX',
    android: '13',
    securityPatch: '2023-08-01',
    bootloader: 8,
    releaseDate: '2023-08-28',
  });
  await publishBuild('EUX-14-may.bin', {
    region: 'EUX',
    android: '14',
    securityPatch: '2024-05-01',
    bootloader: 9,
    releaseDate: '2024-05-20',
    changelog: 'May 2024 security patch.\nCamera fixes.',
  });
  await publishBuild('XEF-13.bin', { region: 'XEF', android: '13', releaseDate: '2023-02-20' });
  await publishBuild('EUX-14-jan.bin', { region: 'EUX', android: '14', releaseDate: '2024-01-22' });
  await publishBuild('XEF-14.bin', { region: 'XEF', android: '14', releaseDate: '2024-05-27' });
  await publishBuild('TGY-8.1.bin', { region: 'TGY', android: '8.1', releaseDate: '2019-03-01' });
  // A firmware published before builds had details: no region, so never anyone's latest.
  await publishBuild('unlock-pack.bin', {});
  await publishBuild(
    'other-model.bin',
    { region: 'EUX', android: '15', releaseDate: '2025-01-01' },
    'SM-S911B',
  );
});

afterAll(async () => {
  await api?.close();
  await rm(work, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('firmware builds of a model', () => {
  it('come newest release first with their details, the newest of each region marked, and the model’s filter values', async () => {
    const page = await builds('');
    expect(marked(page)).toEqual([
      'XEF-14.bin*',
      'EUX-14-may.bin*',
      'EUX-14-jan.bin',
      'EUX-13.bin',
      'XEF-13.bin',
      'TGY-8.1.bin*',
      'unlock-pack.bin',
    ]);
    expect(page.totalItems).toBe(7);
    expect(page.regions).toEqual(['EUX', 'TGY', 'XEF']);
    // By number, not by text: 8.1 is older than 13.
    expect(page.androidVersions).toEqual(['14', '13', '8.1']);
    const may = published.get('EUX-14-may.bin');
    expect(page.member[1]).toMatchObject({
      id: may?.id,
      version: 'EUX-14-may',
      region: 'EUX',
      android: '14',
      securityPatch: '2024-05-01',
      bootloader: 9,
      releaseDate: '2024-05-20',
      size: may?.size,
      sha256: may?.sha256,
      entitled: true,
      latestForRegion: true,
    });
    expect(page.member.at(-1)).toMatchObject({
      region: null,
      android: null,
      securityPatch: null,
      bootloader: null,
      releaseDate: null,
    });
  });

  it('are filtered by region and Android version, and a filter never moves the Latest mark', async () => {
    expect(marked(await builds('&region=EUX'))).toEqual(['EUX-14-may.bin*', 'EUX-14-jan.bin', 'EUX-13.bin']);
    expect(marked(await builds('&android=13'))).toEqual(['EUX-13.bin', 'XEF-13.bin']);
    const both = await builds('&region=XEF&android=14');
    expect(marked(both)).toEqual(['XEF-14.bin*']);
    expect(both.totalItems).toBe(1);
    // The filter values stay the model's, so the other choices remain in the menus.
    expect(both.regions).toEqual(['EUX', 'TGY', 'XEF']);
    const none = await builds('&region=INS');
    expect(none).toMatchObject({ member: [], totalItems: 0 });
  });

  it('are paged within the list bounds, the total counting the filtered builds', async () => {
    const second = await builds('&region=EUX&itemsPerPage=2&page=2');
    expect(marked(second)).toEqual(['EUX-13.bin']);
    expect(second.totalItems).toBe(3);
    const beyond = await builds('&page=50');
    expect(beyond).toMatchObject({ member: [], totalItems: 7 });
  });

  it('refuse filters and paging outside the rules with a 400 naming the rule', async () => {
    const cases: [string, string | undefined][] = [
      ['/api/firmwares?model=SM-G991B', 'The brand and model are required'],
      ['/api/firmwares?brand=Samsung&model=', 'The brand and model are required'],
      ['/api/firmwares?brand=Samsung&model=SM-G991B&region=EU%2FX', REGION_RULE],
      [`/api/firmwares?brand=Samsung&model=SM-G991B&region=${'E'.repeat(33)}`, REGION_RULE],
      ["/api/firmwares?brand=Samsung&model=SM-G991B&region='%20or%201=1--", REGION_RULE],
      ['/api/firmwares?brand=Samsung&model=SM-G991B&android=fourteen', ANDROID_VERSION_RULE],
      ['/api/firmwares?brand=Samsung&model=SM-G991B&android=14.1.2', ANDROID_VERSION_RULE],
      ['/api/firmwares?brand=Samsung&model=SM-G991B&itemsPerPage=101', undefined],
      ['/api/firmwares?brand=Samsung&model=SM-G991B&page=0', undefined],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      const body = await errorOf(response);
      expect(body.violations?.length, path).toBeGreaterThan(0);
      if (message)
        expect(
          body.violations?.map((violation) => violation.message),
          path,
        ).toContain(message);
    }
  });

  it('are for signed-in users only', async () => {
    expect((await get('/api/firmwares?brand=Samsung&model=SM-G991B', false)).status).toBe(401);
    expect((await get(`/api/firmwares/${published.get('XEF-14.bin')?.id}`, false)).status).toBe(401);
  });
});

describe('one firmware build', () => {
  it('has its changelog, model and Latest mark', async () => {
    const may = published.get('EUX-14-may.bin');
    const response = await get(`/api/firmwares/${may?.id}`);
    expect(response.status).toBe(200);
    expect(firmwareBuildDetailSchema.parse(await response.json())).toMatchObject({
      id: may?.id,
      brand: 'Samsung',
      model: 'SM-G991B',
      bootloader: 9,
      sha256: may?.sha256,
      changelog: 'May 2024 security patch.\nCamera fixes.',
      latestForRegion: true,
    });
    const older = firmwareBuildDetailSchema.parse(
      await (await get(`/api/firmwares/${published.get('EUX-13.bin')?.id}`)).json(),
    );
    expect(older).toMatchObject({ latestForRegion: false, changelog: null });
  });

  it('answers 404 for what is no firmware and 400 for what is no id', async () => {
    const folder = await api.db
      .selectFrom('catalogue_files')
      .select('id')
      .where('is_dir', '=', true)
      .executeTakeFirstOrThrow();
    for (const id of [folder.id, 999_999]) {
      const response = await get(`/api/firmwares/${id}`);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(FIRMWARE_NOT_FOUND_MESSAGE);
    }
    expect((await get('/api/firmwares/abc')).status).toBe(400);
    expect((await get('/api/firmwares/0')).status).toBe(400);
  });
});

describe('the spec’s catalogue calls (spec §7 Files, models, software)', () => {
  it('answer with the same fields as before builds had details', async () => {
    const files = await get('/api/files?brand=Samsung&model=SM-G991B');
    expect(files.status).toBe(200);
    const listing = filesCollectionSchema.parse(await files.json());
    expect(listing.totalItems).toBe(7);
    for (const item of listing.member) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'brand',
          'date',
          'entitled',
          'file',
          'id',
          'isDir',
          'kind',
          'model',
          'parent',
          'size',
          'soft',
          'version',
        ].sort(),
      );
    }
    const models = modelsCollectionSchema.parse(await (await get('/api/models?brand=Samsung')).json());
    expect(models).toEqual({
      member: [
        { model: 'SM-G991B', brand: 'Samsung', soft: [{ name: 'Flash' }] },
        { model: 'SM-S911B', brand: 'Samsung', soft: [{ name: 'Flash' }] },
      ],
      totalItems: 2,
    });
  });
});
