import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openTestDatabase } from '@benchside/db/test-database';
import { loadConfig } from '@benchside/server/config';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCommand, type AdminContext, AdminUsageError } from '../src/admin/command.ts';
import { command as list } from '../src/admin/commands/list.ts';
import { command as publish } from '../src/admin/commands/publish.ts';
import { findFirmwareBuild } from '../src/catalogue/firmware-store.ts';
import { listPackages } from '../src/catalogue/publish.ts';

describe('publish and list with firmware details', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let work: string;
  let context: AdminContext;
  const printed: string[] = [];

  /** Runs a command from its words, as `npm run admin -- …` parses them. */
  const run = (command: AdminCommand, argv: string[]) => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: command.options,
      allowPositionals: true,
      strict: true,
    });
    return command.run(context, { values, positionals });
  };

  const source = async (name: string) => {
    const path = join(work, name);
    await writeFile(path, `the bytes of ${name}`);
    return path;
  };

  /** `publish <name> --kind firmware --brand Samsung --model <model> …options`. */
  const firmware = async (name: string, ...options: string[]) => [
    await source(name),
    '--kind',
    'firmware',
    '--brand',
    'Samsung',
    '--model',
    'SM-G991B',
    ...options,
  ];

  beforeAll(async () => {
    database = await openTestDatabase();
    work = await mkdtemp(join(tmpdir(), 'benchside-firmware-publish-'));
    const dataDir = join(work, 'data');
    context = {
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BENCHSIDE_DEMO: '1', DATA_DIR: dataDir }),
      db: database.db,
      storage: await createObjectStorage({ dataDir, storage: { kind: 'local' } }),
      print: (line) => printed.push(line),
    };
  });
  afterAll(async () => {
    await database.close();
    await rm(work, { recursive: true, force: true });
  });

  it('stores the region, Android version, patch, bootloader, release date and a changelog file, and list shows them', async () => {
    const changelog = join(work, 'changelog.md');
    await writeFile(changelog, 'May 2024 security patch.\r\nCamera fixes.\r\n');
    await run(
      publish,
      await firmware(
        'SM-G991B_EUX_G991BXXU9EXE1.bin',
        '--version',
        'G991BXXU9EXE1',
        '--region',
        'EUX',
        '--android',
        '14',
        '--security-patch',
        '2024-05-01',
        '--bootloader',
        '9',
        '--release-date',
        '2024-05-20',
        '--changelog',
        `@${changelog}`,
      ),
    );
    const [item] = await listPackages(database.db);
    expect(item).toMatchObject({
      region: 'EUX',
      android: '14',
      securityPatch: '2024-05-01',
      bootloader: 9,
      releaseDate: '2024-05-20',
    });
    const build = await findFirmwareBuild(database.db, '00000000-0000-0000-0000-000000000000', item?.id ?? 0);
    expect(build?.changelog).toBe('May 2024 security patch.\nCamera fixes.');

    await run(
      publish,
      await firmware('SM-G991B_XEF.bin', '--region', 'XEF', '--changelog', 'Typed on the command line.'),
    );
    expect((await listPackages(database.db)).map((row) => row.region)).toEqual(['EUX', 'XEF']);

    printed.length = 0;
    await run(list, []);
    expect(printed[0]).toContain('[EUX, Android 14, patch 2024-05-01, bootloader 9, released 2024-05-20]');
    expect(printed[1]).toContain('[XEF]');
  });

  it('refuses details it cannot trust with a usage error naming the option, and stores nothing', async () => {
    const before = (await listPackages(database.db)).length;
    const refusals: [string[], RegExp][] = [
      [await firmware('a.bin', '--region', 'EU/X'), /^--region must be 1 to 32 letters/],
      [await firmware('b.bin', '--android', 'fourteen'), /^--android must be an Android version/],
      [
        await firmware('c.bin', '--security-patch', '2024-02-30'),
        /^--security-patch must be a date as YYYY-MM-DD/,
      ],
      [
        await firmware('d.bin', '--release-date', '20/05/2024'),
        /^--release-date must be a date as YYYY-MM-DD/,
      ],
      [await firmware('e.bin', '--bootloader', '100'), /^--bootloader must be a whole number from 0 to 99/],
      [await firmware('f.bin', '--bootloader=-1'), /^--bootloader must be a whole number/],
      [
        await firmware('g.bin', '--changelog', 'bell \u0007'),
        /^--changelog must be at most 10000 characters/,
      ],
      [
        await firmware('h.bin', '--changelog', `@${join(work, 'missing.md')}`),
        /^Cannot read the changelog .*ENOENT/,
      ],
      [
        [await source('tool.tgz'), '--kind', 'tool', '--soft', 'Flash', '--version', '1', '--region', 'EUX'],
        /^--region is for firmwares only/,
      ],
      [[await source('notes.txt'), '--kind', 'file', '--android', '14'], /^--android is for firmwares only/],
    ];
    for (const [argv, message] of refusals) {
      const refused = run(publish, argv);
      await expect(refused, argv.join(' ')).rejects.toBeInstanceOf(AdminUsageError);
      await expect(refused, argv.join(' ')).rejects.toThrow(message);
    }
    expect(await listPackages(database.db)).toHaveLength(before);
  });

  it('says every new option in its usage line', () => {
    for (const option of [
      '--region',
      '--android',
      '--security-patch',
      '--bootloader',
      '--release-date',
      '--changelog TEXT|@FILE',
    ]) {
      expect(publish.usage).toContain(option);
    }
  });
});
