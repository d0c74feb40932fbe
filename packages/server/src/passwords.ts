import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createConcurrencyLimit } from './concurrency-limit.ts';

/**
 * OWASP's scrypt minimum (N=2^17, r=8, p=1). The parameters travel inside every stored hash
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<key>`), so raising them later only affects new hashes.
 */
export const PASSWORD_COST_LOG2 = 17;
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

/** The cost of the hashes this process makes: always `PASSWORD_COST_LOG2` outside test runs. */
let newHashCostLog2 = PASSWORD_COST_LOG2;

/** The lowest cost a test run may hash at: N=2^10 is 1 MiB and a few milliseconds of scrypt. */
const LOWEST_TEST_COST_LOG2 = 10;

/**
 * For test runs only (docs/decisions/165): the cost of the hashes this process makes from now on.
 * One hash or check at `PASSWORD_COST_LOG2` is most of a second of a core, and the API tests make
 * or check about three hundred. A check reads the cost from the stored hash, so it runs the same
 * code whatever the cost; the tests that time hashing, or flood it, ask for `PASSWORD_COST_LOG2`.
 * Refused under NODE_ENV=production.
 */
export function hashPasswordsAtCost(costLog2: number): void {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The password hashing cost is fixed in production');
  }
  if (!Number.isInteger(costLog2) || costLog2 < LOWEST_TEST_COST_LOG2 || costLog2 > PASSWORD_COST_LOG2) {
    throw new RangeError(
      `A test hashing cost is a whole log2 N from ${LOWEST_TEST_COST_LOG2} to ${PASSWORD_COST_LOG2}`,
    );
  }
  newHashCostLog2 = costLog2;
}

/** The cost new hashes get: `PASSWORD_COST_LOG2` unless a test run lowered it. */
export function newPasswordCostLog2(): number {
  return newHashCostLog2;
}

export async function hashPassword(password: string): Promise<string> {
  const costLog2 = newHashCostLog2;
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptKey(password, salt, costLog2, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', costLog2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
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

/** A dummy hash for each cost this process has hashed at: a test run's is made on first use. */
const dummyHashesByCost = new Map<number, Promise<string>>([
  [PASSWORD_COST_LOG2, Promise.resolve(DUMMY_HASH)],
]);

function dummyHash(): Promise<string> {
  const costLog2 = newHashCostLog2;
  let dummy = dummyHashesByCost.get(costLog2);
  if (dummy === undefined) {
    dummy = hashPassword(randomBytes(SALT_LENGTH).toString('base64'));
    dummyHashesByCost.set(costLog2, dummy);
    // A hash the bound turned away fails its own sign-in, not every later one.
    dummy.catch(() => dummyHashesByCost.delete(costLog2));
  }
  return dummy;
}

/**
 * Verifies against the stored hash or, when there is no user (or no password), against a dummy
 * hash of the cost new hashes have, so that "no such user" takes as long as "wrong password" and
 * cannot be told apart.
 */
export async function verifyPasswordOrDummy(password: string, storedHash: string | null | undefined) {
  if (storedHash) return verifyPassword(password, storedHash);
  await verifyPassword(password, await dummyHash());
  return false;
}
