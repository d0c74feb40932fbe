import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, readBuildInputs, writeBuildInputs } from './build-inputs.mjs';

const STARTED_AT = new Date('2026-01-01T11:00:00Z');
const BEFORE = new Date('2026-01-01T10:00:00Z');
const AFTER = new Date('2026-01-01T12:00:00Z');

describe("a build's record of what it was made from", () => {
  let root: string;
  let input: string;
  let output: string;
  const record = () => ({ root, startedAt: STARTED_AT.getTime(), inputs: [input], outputs: [output] });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'benchside-build-inputs-'));
    input = join(root, 'source.ts');
    output = join(root, 'built.js');
    await writeFile(input, 'source');
    await utimes(input, BEFORE, BEFORE);
    await writeFile(output, 'built');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stands while its inputs are older than its start and its outputs are there', async () => {
    await writeBuildInputs(join(root, 'record.json'), record());
    expect(isBuildCurrent(readBuildInputs(join(root, 'record.json')), root)).toBe(true);
    await utimes(input, AFTER, AFTER);
    expect(isBuildCurrent(record(), root)).toBe(false);
  });

  it('does not stand once an output is gone', async () => {
    await rm(output);
    expect(isBuildCurrent(record(), root)).toBe(false);
  });

  it('does not stand when missing, unreadable or of an older form', async () => {
    await writeFile(join(root, 'broken.json'), '{"root":');
    expect(readBuildInputs(join(root, 'broken.json'))).toBeUndefined();
    expect(isBuildCurrent(readBuildInputs(join(root, 'missing.json')), root)).toBe(false);
    const { outputs: _outputs, ...olderForm } = record();
    expect(isBuildCurrent(olderForm as never, root)).toBe(false);
  });

  it('is written whole, leaving no staged file behind', async () => {
    await writeBuildInputs(join(root, 'records', 'record.json'), record());
    expect(await readdir(join(root, 'records'))).toEqual(['record.json']);
    expect(readBuildInputs(join(root, 'records', 'record.json'))).toEqual(record());
  });
});
