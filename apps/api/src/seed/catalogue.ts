import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOL_MANIFEST_FILE_NAME, type ToolManifest } from '@benchside/contracts/helper';
import type { Database } from '@benchside/db/database';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Kysely } from 'kysely';
import * as tar from 'tar';
import { type FirmwareDetailsRequest, type PublishRequest, publishPackage } from '../catalogue/publish.ts';
import type { SigningKeyConfig } from '../catalogue/signing-key.ts';

const FLASH = 'Benchside Flash';
const UNLOCK = 'Benchside Unlock';
/** Restricted: the demo account holds no grant for it, so its packages answer 403. */
const PRO = 'Benchside Pro';

interface DemoFirmware {
  brand: string;
  model: string;
  soft: string;
  version: string;
  name: string;
  size: number;
  restricted?: boolean;
  details?: FirmwareDetailsRequest;
}

const SMALL = 64 * 1024;

/** A Samsung build's details; its bootloader revision is the digit after U or S in its name. */
function samsungBuild(
  model: string,
  build: string,
  region: string,
  details: { android: string; securityPatch: string; releaseDate: string; changelog: string },
  name = `${model}_${region}_${build}.bin`,
  size = SMALL,
): DemoFirmware {
  const bootloader = /[US](\w)\w{4}$/.exec(build)?.[1] ?? '';
  return {
    brand: 'Samsung',
    model,
    soft: FLASH,
    version: build,
    name,
    size,
    details: { region, bootloader: Number.parseInt(bootloader, 16), ...details },
  };
}

const FIRMWARES: DemoFirmware[] = [
  samsungBuild(
    'SM-A525F',
    'A525FXXU4CVJB',
    'EUX',
    {
      android: '13',
      securityPatch: '2022-10-01',
      releaseDate: '2022-10-24',
      changelog: 'One UI 5.0 with Android 13.\nOctober 2022 security patch.',
    },
    'SM-A525F_A525FXXU4CVJB.bin',
    256 * 1024,
  ),
  {
    brand: 'Samsung',
    model: 'SM-A525F',
    soft: UNLOCK,
    version: '2',
    name: 'SM-A525F_unlock-pack-v2.bin',
    size: 64 * 1024,
  },
  samsungBuild('SM-G991B', 'G991BXXU9EXE1', 'EUX', {
    android: '14',
    securityPatch: '2024-05-01',
    releaseDate: '2024-05-20',
    changelog: 'May 2024 security patch.\nCamera stability improvements.',
  }),
  samsungBuild(
    'SM-G991B',
    'G991BXXS9FXA1',
    'EUX',
    {
      android: '14',
      securityPatch: '2024-01-01',
      releaseDate: '2024-01-22',
      changelog: 'January 2024 security patch.',
    },
    'SM-G991B_G991BXXS9FXA1.bin',
    1_000_000,
  ),
  samsungBuild('SM-G991B', 'G991BXXU8EWH1', 'EUX', {
    android: '13',
    securityPatch: '2023-08-01',
    releaseDate: '2023-08-28',
    changelog: 'August 2023 security patch.\nBootloader 8: no way back to builds of bootloader 7.',
  }),
  samsungBuild('SM-G991B', 'G991BXXU9EXE1', 'XEF', {
    android: '14',
    securityPatch: '2024-05-01',
    releaseDate: '2024-05-27',
    changelog: 'May 2024 security patch for France (XEF).',
  }),
  samsungBuild('SM-G991B', 'G991BXXU7DWB6', 'XEF', {
    android: '13',
    securityPatch: '2023-02-01',
    releaseDate: '2023-02-20',
    changelog: 'One UI 5.1 with Android 13.',
  }),
  samsungBuild('SM-G991B', 'G991BXXU9EXD2', 'INS', {
    android: '14',
    securityPatch: '2024-04-01',
    releaseDate: '2024-04-15',
    changelog: 'April 2024 security patch for India (INS).',
  }),
  {
    brand: 'Xiaomi',
    model: 'Redmi Note 10',
    soft: FLASH,
    version: 'V14.0.6',
    name: 'Redmi-Note-10_V14.0.6.bin',
    size: 128 * 1024,
    details: {
      region: 'Global',
      android: '13',
      securityPatch: '2023-09-01',
      releaseDate: '2023-10-10',
      changelog: 'MIUI 14 with Android 13.\nSeptember 2023 security patch.',
    },
  },
  {
    brand: 'Xiaomi',
    model: 'Redmi Note 10',
    soft: FLASH,
    version: 'V14.0.4',
    name: 'Redmi-Note-10_EEA_V14.0.4.bin',
    size: SMALL,
    details: { region: 'EEA', android: '13', securityPatch: '2023-06-01', releaseDate: '2023-07-05' },
  },
  {
    brand: 'Xiaomi',
    model: 'Redmi Note 10',
    soft: FLASH,
    version: 'V13.0.9',
    name: 'Redmi-Note-10_V13.0.9.bin',
    size: SMALL,
    details: { region: 'Global', android: '12', securityPatch: '2022-11-01', releaseDate: '2022-12-01' },
  },
  {
    brand: 'Motorola',
    model: 'Moto G9 Play',
    soft: UNLOCK,
    version: 'RPXS31',
    name: 'Moto-G9-Play_RPXS31.bin',
    size: 96 * 1024,
    details: { region: 'RETEU', android: '11', securityPatch: '2022-03-01', releaseDate: '2022-04-02' },
  },
  {
    brand: 'Nokia',
    model: 'G21',
    soft: PRO,
    version: 'V2.340',
    name: 'Nokia-G21_V2.340.bin',
    size: 48 * 1024,
    restricted: true,
    details: { region: 'Global', android: '13', securityPatch: '2023-05-01', releaseDate: '2023-05-30' },
  },
];

interface DemoTool {
  soft: string;
  id: string;
  version: string;
  restricted?: boolean;
}

const TOOLS: DemoTool[] = [
  { soft: FLASH, id: 'benchside-flash', version: '1.2.0' },
  { soft: UNLOCK, id: 'benchside-unlock', version: '2.0.1' },
  { soft: PRO, id: 'benchside-pro', version: '3.0.0', restricted: true },
];

const TEXT_FILES: { folder: string; name: string; text: string }[] = [
  {
    folder: '',
    name: 'release-notes.txt',
    text: 'Benchside demo catalogue.\nFirmwares, tools and service files for the demo account.\n',
  },
  {
    folder: 'Drivers/USB',
    name: 'usb-driver-notes.txt',
    text: 'Install the USB driver before connecting a phone in download mode.\n',
  },
  {
    folder: 'Drivers/Qualcomm',
    name: 'qdloader-readme.txt',
    text: 'Qualcomm HS-USB QDLoader 9008: emergency download mode driver notes.\n',
  },
  {
    folder: 'Manuals',
    name: 'quick-start-guide.txt',
    text: 'Quick start: sign in, start the helper, choose a download folder, download.\n',
  },
  {
    folder: 'Manuals/Service',
    name: 'board-schematics-index.txt',
    text: 'Schematics index by brand and model.\n',
  },
  {
    folder: 'Manuals/Service',
    name: 'test-points.txt',
    text: 'Test points for entering EDL mode, by model.\n',
  },
];

/** Deterministic bytes (SHA-256 in counter mode), so the demo's info hashes are the same every time. */
function demoBytes(label: string, size: number): Buffer {
  const blocks: Buffer[] = [];
  for (let index = 0; index * 32 < size; index += 1) {
    blocks.push(createHash('sha256').update(`benchside-demo|${label}|${index}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, size);
}

const TOOL_PROGRAM = (name: string, version: string) => `#!/usr/bin/env node
// ${name} ${version}: a demo tool; it reports that it ran.
console.log(${JSON.stringify(`${name} ${version} is ready.`)});
`;

/** A tool package as the helper installs it: the manifest and the program in a reproducible .tar.gz. */
async function writeToolPackage(work: string, tool: DemoTool): Promise<string> {
  const folder = join(work, tool.id);
  await mkdir(join(folder, 'bin'), { recursive: true });
  const manifest: ToolManifest = {
    id: tool.id,
    name: tool.soft,
    version: tool.version,
    executable: 'bin/tool.mjs',
    args: [],
  };
  await writeFile(join(folder, TOOL_MANIFEST_FILE_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(folder, 'bin', 'tool.mjs'), TOOL_PROGRAM(tool.soft, tool.version));
  await chmod(join(folder, 'bin', 'tool.mjs'), 0o755);
  const archive = join(work, `${tool.id}-${tool.version}.tar.gz`);
  await tar.c({ gzip: true, file: archive, cwd: folder, portable: true, mtime: new Date(0) }, [
    TOOL_MANIFEST_FILE_NAME,
    'bin',
  ]);
  return archive;
}

/** The demo catalogue `npm start` shows on an empty database, published as an operator would. */
export async function seedCatalogue(
  db: Kysely<Database>,
  storage: ObjectStorage,
  config: SigningKeyConfig,
): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'benchside-demo-catalogue-'));
  try {
    const requests: PublishRequest[] = [];
    for (const firmware of FIRMWARES) {
      const source = join(work, firmware.name);
      await writeFile(source, demoBytes(firmware.name, firmware.size));
      requests.push({ source, kind: 'firmware', ...firmware });
    }
    for (const tool of TOOLS) {
      const source = await writeToolPackage(work, tool);
      requests.push({
        source,
        kind: 'tool',
        soft: tool.soft,
        version: tool.version,
        restricted: tool.restricted,
      });
    }
    for (const file of TEXT_FILES) {
      const source = join(work, file.name);
      await writeFile(source, file.text);
      requests.push({ source, kind: 'file', folder: file.folder });
    }
    const calibration = join(work, 'pro-calibration-data.bin');
    await writeFile(calibration, demoBytes('pro-calibration-data', 32 * 1024));
    requests.push({
      source: calibration,
      kind: 'file',
      folder: 'Manuals/Service',
      soft: PRO,
      restricted: true,
    });
    for (const request of requests) await publishPackage(db, storage, config, request);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
