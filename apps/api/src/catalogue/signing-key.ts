import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '@benchside/server/config';
import {
  PackageSigningError,
  packagePublicKeyText,
  readPackageSigningKey,
} from '@benchside/server/package-signing';

/** Where a development portal keeps the key it generated for itself. */
export const GENERATED_SIGNING_KEY_FILE = 'package-signing-key.pem';

export type SigningKeyConfig = Pick<Config, 'dataDir' | 'packageSigningKey'>;

/** A signing key that cannot be read: the message names the file and the setting. */
export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/**
 * The vendor's package signing key: the operator's PEM file (PACKAGE_SIGNING_KEY, required in
 * production), else a key generated once into DATA_DIR, so `npm start` signs without a setting
 * and keeps signing with the same key across restarts (helpers already installed keep trusting it).
 */
export async function loadPackageSigningKey(config: SigningKeyConfig): Promise<KeyObject> {
  if (config.packageSigningKey !== null) return readKeyFile(config.packageSigningKey, 'PACKAGE_SIGNING_KEY');
  const file = join(config.dataDir, GENERATED_SIGNING_KEY_FILE);
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(dirname(file), { recursive: true });
  // `wx`: when two processes start together, the first file written wins and both read it.
  await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
    flag: 'wx',
    mode: 0o600,
  }).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  });
  return readKeyFile(file, `the generated key (${GENERATED_SIGNING_KEY_FILE} in DATA_DIR)`);
}

/**
 * The public halves helpers of this portal must trust: the signing key's, then PACKAGE_SIGNING_KEY_NEXT's
 * when set, so that helpers installed before a rotation already trust the key that signs after it.
 */
export async function trustedPackageKeys(
  config: SigningKeyConfig & Pick<Config, 'packageSigningKeyNext'>,
): Promise<string[]> {
  const keys = [await loadPackageSigningKey(config)];
  if (config.packageSigningKeyNext !== null) {
    keys.push(await readKeyFile(config.packageSigningKeyNext, 'PACKAGE_SIGNING_KEY_NEXT'));
  }
  return [...new Set(keys.map(packagePublicKeyText))];
}

async function readKeyFile(file: string, setting: string): Promise<KeyObject> {
  let pem: Buffer;
  try {
    pem = await readFile(file);
  } catch (error) {
    throw new SigningKeyError(
      `${setting}: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    return readPackageSigningKey(pem);
  } catch (error) {
    if (error instanceof PackageSigningError)
      throw new SigningKeyError(`${setting}: ${file} is ${error.message}`);
    throw error;
  }
}
