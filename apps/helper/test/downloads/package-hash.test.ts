import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPackageHash } from '../../src/downloads/package-hash.ts';
import { makeTempDir } from '../support.ts';
import { writeRandomFile } from './fixtures.ts';

describe('verifyPackageHash', () => {
  let work: string;
  let file: string;
  let sha256: string;

  beforeAll(async () => {
    work = await makeTempDir('hash');
    file = join(work, 'package.zip');
    sha256 = createHash('sha256')
      .update(await writeRandomFile(file, 3 * 1024 * 1024 + 17))
      .digest('hex');
  });

  afterAll(() => rm(work, { recursive: true, force: true }));

  it('accepts the published hash, in either case', async () => {
    expect(await verifyPackageHash(file, sha256)).toBe(true);
    expect(await verifyPackageHash(file, sha256.toUpperCase())).toBe(true);
  });

  it('rejects any other hash', async () => {
    const other = `${sha256.slice(0, 63)}${sha256.endsWith('0') ? '1' : '0'}`;
    expect(await verifyPackageHash(file, other)).toBe(false);
  });

  it('says what is wrong with a malformed hash or a missing file', async () => {
    await expect(verifyPackageHash(file, 'abc')).rejects.toThrow(
      'The expected package hash must be 64 hexadecimal digits',
    );
    await expect(verifyPackageHash(join(work, 'missing.zip'), sha256)).rejects.toThrow(/ENOENT/);
  });
});
