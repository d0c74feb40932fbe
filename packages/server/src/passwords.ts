import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createConcurrencyLimit } from './concurrency-limit.ts';

/**
 * OWASP's scrypt minimum (N=2^17, r=8, p=1). The parameters travel inside every stored hash
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<key>`), so raising them later only affects new hashes.
 */
const COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Every hash and verification of the process goes through one bound. Node runs scrypt on libuv's
 * thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file access, DNS lookups
 * and compression share: two hashes at a time leave half of it free and cap their memory at
 * 256 MiB. Sixteen waiting is about five seconds of work on a busy machine; a flood past that gets
 * a 503 at once instead of queueing in the pool ahead of every other request's file reads.
 */
export const PASSWORD_HASHING_LIMIT = { concurrency: 2, queue: 16, retryAfterSeconds: 5 };
export const passwordHashing = createConcurrencyLimit(PASSWORD_HASHING_LIMIT);

function scryptKey(password: string, salt: Buffer, costLog2: number, blockSize: number, parallelism: number) {
  const cost = 2 ** costLog2;
  const options: ScryptOptions = {
    N: cost,
    r: blockSize,
    p: parallelism,
    // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^17.
    maxmem: 128 * cost * blockSize * parallelism + 16 * 1024 * 1024,
  };
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptKey(password, salt, COST_LOG2, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', COST_LOG2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

const HASH_FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Constant-time check; a malformed stored hash never matches. */
export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(storedHash);
  if (!match) return false;
  const [, costLog2, blockSize, parallelism, salt = '', expected = ''] = match;
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await scryptKey(
    password,
    Buffer.from(salt, 'base64'),
    Number(costLog2),
    Number(blockSize),
    Number(parallelism),
  );
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/**
 * A hash with the current parameters of a random password nobody knows; the password tests check
 * that its parameters still match the ones above.
 */
export const DUMMY_HASH =
  'scrypt$17$8$1$Q4EcydcDWELHLryJub3ANQ==$oJ9PIVJoRMvNP+ahM7zKmGbl6PB1KT64/gwRARv2FxA=';

/**
 * Verifies against the stored hash or, when there is no user (or no password), against the dummy
 * hash, so that "no such user" takes as long as "wrong password" and cannot be told apart.
 */
export async function verifyPasswordOrDummy(password: string, storedHash: string | null | undefined) {
  if (storedHash) return verifyPassword(password, storedHash);
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
